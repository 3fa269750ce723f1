/**
 * What the page and the service worker (sw.ts) say to each other beyond Workbox's own messages,
 * and how the build marks the files the worker keeps only for staff (scripts/vite/pwa.ts).
 */

/** Staff have signed in on this device: keep every back-office file, so any screen opens offline. */
export const KEEP_BACK_OFFICE = 'KEEP_BACK_OFFICE';

/** The precache manifest's mark on a file only the back-office loads. */
export const BACK_OFFICE_FILE = 'backOffice';

/** A visitor came back to a language's home page: keep (or bring up to date) that language's search index. */
export const KEEP_SEARCH_INDEX = 'KEEP_SEARCH_INDEX';
