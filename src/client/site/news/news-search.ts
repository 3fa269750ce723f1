import { z } from 'zod';

/** Search params of the news listing: ?page=, a whole number from 1 (anything else reads as 1). */
export const newsListSearch = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) });
