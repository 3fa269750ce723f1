import { describe, expect, it } from 'vitest';
import { adminOnlyFiles, type ChunkNode, isAdminModule, publicModuleIds } from '../../../scripts/vite/precache-plan';

const chunk = (fileName: string, over: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  css: [],
  assets: [],
  ...over,
});

describe('isAdminModule', () => {
  it.each([
    ['/app/src/client/routes/admin/route.tsx?tsr-split=component', true],
    ['/app/src/client/routes/admin/$entity/form/$id.tsx?tsr-split=component---loader', true],
    ['/app/src/client/admin/media/MediaPicker.tsx', true],
    ['C:\\app\\src\\client\\routes\\admin\\route.tsx', true],
    ['/app/src/client/routes/_site/$slug.tsx?tsr-split=component', false],
    ['/app/src/client/site/gallery/Lightbox.tsx', false],
    [null, false],
  ])('%s → %s', (id, expected) => {
    expect(isAdminModule(id)).toBe(expected);
  });
});

describe('adminOnlyFiles', () => {
  // Shaped like the real build: the entry lazily imports public and admin route chunks; a Mantine
  // piece (Modal) is shared by a public lazy chunk and admin code; Table only admin code uses.
  const chunks = [
    chunk('index.js', {
      isEntry: true,
      imports: ['runtime.js'],
      dynamicImports: ['site.js', 'admin-route.js', 'entity.js'],
      css: ['index.css'],
    }),
    chunk('runtime.js'),
    chunk('site.js', {
      facadeModuleId: '/p/src/client/routes/_site.tsx?tsr-split=component',
      imports: ['runtime.js'],
      dynamicImports: ['lightbox.js'],
      css: ['site.css'],
    }),
    chunk('lightbox.js', { facadeModuleId: '/p/src/client/site/gallery/Lightbox.tsx', imports: ['Modal.js'] }),
    chunk('admin-route.js', {
      facadeModuleId: '/p/src/client/routes/admin/route.tsx?tsr-split=component',
      imports: ['AdminRoot.js'],
    }),
    chunk('AdminRoot.js', {
      imports: ['Modal.js', 'Table.js', 'index.js'],
      css: ['AdminRoot.css'],
      assets: ['admin-font.woff2'],
    }),
    chunk('entity.js', {
      facadeModuleId: '/p/src/client/routes/admin/$entity/index.tsx?tsr-split=component---loader',
      imports: ['Table.js'],
      dynamicImports: ['picker.js'],
    }),
    chunk('picker.js', { facadeModuleId: '/p/src/client/admin/media/MediaPicker.tsx' }),
    chunk('Modal.js'),
    chunk('Table.js'),
  ];

  it('lists the chunks, CSS and assets only admin routes reach', () => {
    expect([...adminOnlyFiles(chunks)].sort()).toEqual(
      ['AdminRoot.css', 'AdminRoot.js', 'Table.js', 'admin-font.woff2', 'admin-route.js', 'entity.js', 'picker.js'].sort(),
    );
  });

  it('keeps every chunk a visitor can load, including pieces admin code shares', () => {
    const admin = adminOnlyFiles(chunks);
    for (const file of ['index.js', 'index.css', 'runtime.js', 'site.js', 'site.css', 'lightbox.js', 'Modal.js']) {
      expect(admin.has(file), file).toBe(false);
    }
  });

  it('treats a chunk a public route imports statically as public even if admin code imports it too', () => {
    const shared = [
      chunk('index.js', { isEntry: true, dynamicImports: ['admin-route.js', 'site.js'] }),
      chunk('admin-route.js', { facadeModuleId: '/p/src/client/routes/admin/route.tsx', imports: ['Table.js'] }),
      chunk('site.js', { facadeModuleId: '/p/src/client/routes/_site.tsx', imports: ['Table.js'] }),
      chunk('Table.js'),
    ];
    expect([...adminOnlyFiles(shared)]).toEqual(['admin-route.js']);
  });

  it('treats a lazy chunk without a facade as admin when it holds no module visitors use', () => {
    // The bundler merged the lazily imported admin-entities module with other admin code.
    const merged = [
      chunk('index.js', { isEntry: true, dynamicImports: ['common.js', 'sanitize.js'] }),
      chunk('common.js', { moduleIds: ['/p/src/client/admin/admin-entities.ts', '/p/src/shared/entities/users.ts'] }),
      chunk('sanitize.js', { moduleIds: ['/p/src/client/ui/sanitize.ts', '/p/src/client/admin/x.ts'] }),
    ];
    const visitors = new Set(['/p/src/client/ui/sanitize.ts']);
    expect([...adminOnlyFiles(merged, isAdminModule, (id) => visitors.has(id))]).toEqual(['common.js']);
  });
});

describe('publicModuleIds', () => {
  it('follows every import from the entry but lazy ones into admin code', () => {
    const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
      '/p/src/client/main.tsx': {
        importedIds: ['/p/src/shared/a.ts'],
        dynamicallyImportedIds: ['/p/src/client/admin/b.ts', '/p/src/client/ui/c.ts'],
      },
      '/p/src/shared/a.ts': { importedIds: [], dynamicallyImportedIds: [] },
      '/p/src/client/ui/c.ts': { importedIds: ['/p/src/shared/d.ts'], dynamicallyImportedIds: [] },
      '/p/src/client/admin/b.ts': { importedIds: ['/p/src/shared/e.ts'], dynamicallyImportedIds: [] },
    };
    expect([...publicModuleIds('/p/src/client/main.tsx', (id) => graph[id] ?? null)].sort()).toEqual(
      ['/p/src/client/main.tsx', '/p/src/client/ui/c.ts', '/p/src/shared/a.ts', '/p/src/shared/d.ts'].sort(),
    );
  });
});
