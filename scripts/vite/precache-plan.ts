/**
 * Build-time: which files of the bundle belong to the admin only, so the service worker does not
 * precache them and visitors never download admin code. File names alone cannot tell (the router
 * splits routes into chunks named `route-…`, `_id-…`, `form-…`, and shared Mantine pieces are
 * split by use), so this walks the chunk graph instead: everything reachable from the entry
 * without entering an admin route's lazy chunk is public; every other chunk and its CSS is admin.
 */

/** The part of a Rollup/Rolldown output chunk this needs. */
export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  assets: string[];
}

/** Modules whose lazy chunks only staff load: the admin route files and the admin feature folder. */
export const isAdminModule = (moduleId: string | null): boolean =>
  moduleId !== null && /[\\/]src[\\/]client[\\/](routes[\\/])?admin[\\/]/.test(moduleId);

/** Files (JS, CSS, assets) that only admin chunks use. */
export function adminOnlyFiles(chunks: ChunkNode[], isAdmin: (moduleId: string | null) => boolean = isAdminModule): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const publicFiles = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry);
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (publicFiles.has(chunk.fileName)) continue;
    for (const file of [chunk.fileName, ...chunk.css, ...chunk.assets]) publicFiles.add(file);
    const next = [
      ...chunk.imports,
      // A lazy import into admin code is where visitors stop; static imports always load together.
      ...chunk.dynamicImports.filter((name) => !isAdmin(byName.get(name)?.facadeModuleId ?? null)),
    ];
    for (const name of next) {
      const target = byName.get(name);
      if (target && !publicFiles.has(target.fileName)) queue.push(target);
    }
  }
  const adminFiles = new Set<string>();
  for (const chunk of chunks) {
    for (const file of [chunk.fileName, ...chunk.css, ...chunk.assets]) {
      if (!publicFiles.has(file)) adminFiles.add(file);
    }
  }
  return adminFiles;
}
