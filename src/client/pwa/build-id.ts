/** Set by vite.config.ts (`define`): names the build, so caches written by another build are dropped. */
declare const __BUILD_ID__: string;

export const BUILD_ID: string = __BUILD_ID__;
