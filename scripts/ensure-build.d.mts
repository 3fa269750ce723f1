/** Builds into `staticDir` when needed; returns the compiled server's entry. */
export function ensureBuild(staticDir: string): string;
