import { describe, expect, it } from 'vitest';
import { type ModuleGraph, publicSharedModules } from '../../../scripts/vite/public-chunks';

const R = '/app/src/client/routes';
const screen = (file: string) => `${R}/${file}.tsx?tsr-split=component`;

/** A module graph from `id → static imports`; importers are derived. */
function graph(imports: Record<string, string[]>): ModuleGraph {
  const importers = new Map<string, string[]>();
  for (const [id, list] of Object.entries(imports))
    for (const target of list) importers.set(target, [...(importers.get(target) ?? []), id]);
  const ids = new Set([...Object.keys(imports), ...importers.keys()]);
  return { ids, info: (id) => (ids.has(id) ? { importedIds: imports[id] ?? [], importers: importers.get(id) ?? [] } : null) };
}

describe('publicSharedModules', () => {
  const modules = graph({
    '/app/src/client/main.tsx': ['react', '/app/src/client/router.tsx'],
    '/app/src/client/router.tsx': [],
    [screen('_site')]: ['Header', 'Text'],
    [screen('_site/index')]: ['HeroSlider', 'Text', 'Card', 'react'],
    [screen('_site/$slug')]: ['PageScreen', 'Card'],
    [screen('_site/contact')]: ['ContactForm', 'TextInput'],
    HeroSlider: ['swiper'],
    '/app/src/client/admin/EntityForm.tsx': ['TextInput', 'Table'],
  });
  const shared = publicSharedModules(modules, '/app/src/client/main.tsx');

  it('takes the layout and everything it imports', () => {
    expect(shared).toContain(screen('_site'));
    expect(shared).toContain('Header');
  });

  it('takes what two screens share, or a screen shares with the admin', () => {
    expect(shared).toContain('Card');
    expect(shared).toContain('Text');
    expect(shared).toContain('TextInput');
  });

  it("leaves each screen's own code, the entry's modules and admin-only code alone", () => {
    for (const id of [
      screen('_site/index'),
      'HeroSlider',
      'swiper',
      'PageScreen',
      'ContactForm',
      'react',
      'Table',
      '/app/src/client/admin/EntityForm.tsx',
    ]) {
      expect(shared, id).not.toContain(id);
    }
  });
});
