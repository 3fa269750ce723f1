import { Affix, Stack } from '@mantine/core';
import { WithMantine } from '../islands/WithMantine';
import { OfflineBanner } from './OfflineBanner';
import { hasPwaNews, type PwaState } from './pwa-news';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The offline banner and the update prompt, stacked at the bottom of the screen. Rendered only
 * while one of them has something to say, so it never adds an empty landmark.
 */
export function PwaStatusView(state: PwaState) {
  if (!hasPwaNews(state)) return null;
  return (
    <WithMantine>
      <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={1000}>
        <Stack component="aside" aria-label="Connection and updates" gap="xs" maw={560} mx="auto">
          <OfflineBanner {...state.connectivity} />
          <UpdatePrompt waiting={state.updateWaiting} unsentSaves={state.unsentSaves} />
        </Stack>
      </Affix>
    </WithMantine>
  );
}
