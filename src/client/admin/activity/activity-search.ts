/** The activity screen's URL state: its filters and page. Hand-written, as list-search.ts, to keep zod out of the entry bundle. */
import { ACTIVITY_ACTIONS, type ActivityAction } from '../../../shared/activity';

export interface ActivitySearch {
  page?: number;
  size?: number;
  user_id?: number;
  entity?: string;
  action?: ActivityAction;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
}

const positiveInt = (value: unknown) => (Number.isInteger(value) && (value as number) >= 1 ? (value as number) : undefined);
const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export function parseActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  return {
    page: positiveInt(raw.page),
    size: positiveInt(raw.size),
    user_id: positiveInt(raw.user_id),
    entity: typeof raw.entity === 'string' && raw.entity ? raw.entity : undefined,
    action: (ACTIVITY_ACTIONS as readonly unknown[]).includes(raw.action) ? (raw.action as ActivityAction) : undefined,
    from: day(raw.from),
    to: day(raw.to),
  };
}
