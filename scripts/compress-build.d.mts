// Types of compress-build.mjs for the TypeScript that imports it (the server-rendering tests).
export function compressBuild(outDir: string): Promise<number>;
