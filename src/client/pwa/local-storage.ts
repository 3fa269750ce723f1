/** localStorage, or none where the browser refuses it (some private modes throw on access). */
export function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
