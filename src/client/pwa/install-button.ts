/**
 * 'Install app' in the footer: the server draws the button hidden, and this behaviour (an island,
 * woken when the browser offers installation: islands/when-needed.ts) shows it while the offer
 * stands (Chromium's beforeinstallprompt) and makes the offer when it is pressed. No React: the
 * button is the server's markup.
 */
import type { Behaviour } from '../islands/registry';
import { canInstall, promptInstall, subscribeInstallOffer } from './install-prompt';

/** The markup's hook: what holds the button, hidden while there is no offer. */
export const INSTALL_HOLDER = 'data-install-app';

export const installButton: Behaviour<object> = (element) => {
  const holder = element.querySelector<HTMLElement>(`[${INSTALL_HOLDER}]`);
  if (!holder) return () => undefined;
  const show = () => void (holder.hidden = !canInstall());
  const press = () => void promptInstall();
  show();
  const stopWatching = subscribeInstallOffer(show);
  holder.addEventListener('click', press);
  return () => {
    stopWatching();
    holder.removeEventListener('click', press);
  };
};
