/**
 * True on the server and while the browser adopts the server's markup (hydration); false in every
 * later render. What a screen does differently before it is the browser's: SafeHtml keeps the
 * server's clean HTML, the sign-in form keeps its buttons off.
 */
import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

export const useServerMarkup = (): boolean =>
  useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
