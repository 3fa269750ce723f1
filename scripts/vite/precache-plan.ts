/**
 * Build-time: which files of the bundle belong to the admin only, so the service worker does not
 * precache them and visitors never download admin code. File names alone cannot tell (the router
 * splits routes into chunks named `route-…`, `_id-…`, `form-…`, and shared Mantine pieces are
 * split by use), so this walks the chunk graph instead: everything reachable from the entry
 * without entering an admin route's lazy chunk is public; every other chunk and its CSS is admin.
 *
 * A lazily imported admin module is not always the face of its own chunk: the bundler may merge
 * it with other admin code into a common chunk that has no facade. Such a chunk is admin when none
 * of the modules it holds is one visitors use (`isPublicModule`, from the module graph).
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
  /** Every module the chunk holds. */
  moduleIds?: string[];
}

/** Modules whose lazy chunks only staff load: the admin route files and the admin feature folder. */
export const isAdminModule = (moduleId: string | null): boolean =>
  moduleId !== null && /[\\/]src[\\/]client[\\/](routes[\\/])?admin[\\/]/.test(moduleId);

/** Files (JS, CSS, assets) that only admin chunks use. */
export function adminOnlyFiles(
  chunks: ChunkNode[],
  isAdmin: (moduleId: string | null) => boolean = isAdminModule,
  isPublicModule: (moduleId: string) => boolean = (id) => !isAdmin(id),
): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const opensAdmin = (chunk: ChunkNode | undefined) =>
    chunk !== undefined &&
    (chunk.facadeModuleId !== null ? isAdmin(chunk.facadeModuleId) : !(chunk.moduleIds ?? []).some(isPublicModule));
  const publicFiles = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry);
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (publicFiles.has(chunk.fileName)) continue;
    for (const file of [chunk.fileName, ...chunk.css, ...chunk.assets]) publicFiles.add(file);
    const next = [
      ...chunk.imports,
      // A lazy import into admin code is where visitors stop; static imports always load together.
      ...chunk.dynamicImports.filter((name) => !opensAdmin(byName.get(name))),
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

/** What the module graph says of one module (Rollup's and Rolldown's getModuleInfo). */
export interface ModuleLinks {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/** Modules visitors can load: from the entry, through every import but a lazy one into admin code. */
export function publicModuleIds(
  entry: string,
  info: (id: string) => ModuleLinks | null,
  isAdmin: (moduleId: string | null) => boolean = isAdminModule,
): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const links = info(id);
    stack.push(...(links?.importedIds ?? []), ...(links?.dynamicallyImportedIds ?? []).filter((next) => !isAdmin(next)));
  }
  return seen;
}
