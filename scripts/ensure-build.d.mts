/** Builds into `staticDir` when needed, one line per step unless `verbose`; returns the compiled server's entry. */
export function ensureBuild(staticDir: string, options?: { verbose?: boolean }): string;
