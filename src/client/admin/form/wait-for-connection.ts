/**
 * Resolves when it is worth trying a save again: at once when the browser comes back online, or,
 * when the browser thinks it is online but the server did not answer, after a growing pause
 * (1 s, 2 s, 4 s … up to 30 s) so a down server is not hammered.
 */
export function waitForConnection(attempt: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = navigator.onLine ? setTimeout(done, Math.min(1000 * 2 ** attempt, 30_000)) : undefined;
    window.addEventListener('online', done);
    signal.addEventListener('abort', () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
    });
  });
}
