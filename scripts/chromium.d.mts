// Types of chromium.mjs for the TypeScript that imports it (the e2e harness, the measurements).
export const CHROMIUM: string;
export const TEST_CHROMIUM: string;
