import { Affix, Stack } from '@mantine/core';
import { WithMantine } from '../islands/WithMantine';
import { OfflineBanner } from './OfflineBanner';
import { hasPwaNews, type PwaState } from './pwa-news';
import { UpdatePrompt } from './UpdatePrompt';
import { DeliveredNotes } from '../site/forms/DeliveredNotes';
import { useSiteText } from '../ui/site-text';

/**
 * The offline banner, the update prompt and notes of forms sent after waiting offline, stacked at the bottom of the screen. Rendered only
 * while one of them has something to say, so it never adds an empty landmark.
 */
export function PwaStatusView(state: PwaState) {
  const t = useSiteText();
  if (!hasPwaNews(state)) return null;
  return (
    <WithMantine>
      {/* The strip spans the screen to centre the notices; only the notices take clicks, so a
          button beside them (a form's Save, stuck to the bottom) stays usable. */}
      <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={1000} style={{ pointerEvents: 'none' }}>
        <Stack component="aside" aria-label={t('pwa.status')} gap="xs" maw={560} mx="auto" style={{ pointerEvents: 'auto' }}>
          <OfflineBanner {...state.connectivity} />
          <UpdatePrompt waiting={state.updateWaiting} unsentSaves={state.unsentSaves} />
          <DeliveredNotes notes={state.delivered} />
        </Stack>
      </Affix>
    </WithMantine>
  );
}
