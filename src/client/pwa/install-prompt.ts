/**
 * The browser's offer to install the site (`beforeinstallprompt`, Chromium only). It can fire before
 * any React component is mounted, so it is captured from startup and kept until used.
 */
import { createStore } from './store';

/** Not in TypeScript's DOM library: https://developer.mozilla.org/docs/Web/API/BeforeInstallPromptEvent */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const offer = createStore<BeforeInstallPromptEvent | null>(null);

export const subscribeInstallOffer = offer.subscribe;
export const canInstall = () => offer.get() !== null;

export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; our button makes the offer instead.
    event.preventDefault();
    offer.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => offer.set(null));
}

/** Shows the browser's install dialog; an offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = offer.get();
  if (!event) return;
  offer.set(null);
  await event.prompt();
  await event.userChoice;
}
