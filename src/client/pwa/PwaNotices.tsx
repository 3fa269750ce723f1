/**
 * The notices' view (PwaStatusView.tsx), loaded the first time there is something to say: every
 * screen has the notices, few ever show one, and the view brings the site's catalogue and UI kit
 * with it, which the back-office's screens otherwise never load.
 *
 * Not `React.lazy`: a failed import there is thrown to the nearest error boundary, and it stays
 * failed. A notice's code fetched while the link is down (before the service worker keeps it) must
 * not take the screen down with it; it is tried again when what there is to say changes (the link
 * comes back, an update waits).
 */
import { type ComponentType, useEffect, useState } from 'react';
import { loadSiteCatalogue } from '../../shared/messages/site-loading';
import { useSiteLocale } from '../ui/site-locale';
import { hasPwaNews, type PwaState } from './pwa-news';

let loaded: ComponentType<PwaState> | undefined;

export function PwaNotices(state: PwaState) {
  const news = hasPwaNews(state);
  const locale = useSiteLocale();
  const [View, setView] = useState(() => loaded);
  useEffect(() => {
    if (!news || View) return;
    let current = true;
    // With the site's words in the language shown (the back-office user's may not be loaded yet).
    Promise.all([import('./PwaStatusView'), loadSiteCatalogue(locale)]).then(
      ([{ PwaStatusView }]) => {
        loaded = PwaStatusView;
        if (current) setView(() => PwaStatusView);
      },
      () => undefined,
    );
    return () => void (current = false);
  }, [news, View, locale, state.connectivity.browserOnline, state.connectivity.serverUnreachable, state.updateWaiting]);
  return news && View ? <View {...state} /> : null;
}
