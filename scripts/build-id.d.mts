// Types of build-id.mjs for the TypeScript that imports it (the e2e harness).
export function sourceHash(root?: string): string;
export function buildIdFile(outDir: string): string;
export function storedBuildId(outDir: string): string | undefined;
export function serverBuildDir(outDir: string): string;
export function buildToolsInstalled(root?: string): boolean;
