/**
 * Kept parts of an islands document (src/client/islands/kept-parts.ts, KeptPart.tsx): rendered
 * with React's own renderToString, as the server renders a page.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island, IslandServerContext, type IslandServer } from '../../../src/client/islands/Island';
import { KeptParts, type RenderParts } from '../../../src/client/islands/kept-parts';
import { KeptPart } from '../../../src/client/islands/KeptPart';

/** A stand-in for an island's component: what it was given. */
function Echo({ text }: { text: string }) {
  return <span>{text}</span>;
}

let renders = 0;
/** A part's content that counts how often it is rendered. */
function Counted({ text }: { text: string }) {
  renders += 1;
  return (
    <p>
      {`${text} `}
      <Island name="subscribe" component={Echo} props={{ text }} />
    </p>
  );
}

/** One page render: a kept header from `header`, then a body that always changes. */
function renderPage(kept: KeptParts, header: string, body: string, { keep = true, build = 'b1' } = {}) {
  let count = 0;
  const islands: IslandServer = {
    nextId: () => `i${count++}-`,
    renderRoot: (node, id) => renderToString(node, { identifierPrefix: id }),
    filesOf: () => [],
  };
  const parts: RenderParts = kept.forRender(islands, build, keep);
  islands.part = (name, inputs) => parts.open(name, inputs);
  return parts.finish(
    renderToString(
      <IslandServerContext.Provider value={islands}>
        <KeptPart name="header" inputs={{ header }}>
          <Counted text={header} />
        </KeptPart>
        <main>
          <Island name="subscribe" component={Echo} props={{ text: body }} />
        </main>
      </IslandServerContext.Provider>,
    ),
  );
}

describe('kept parts', () => {
  it('renders a part once for the same inputs and puts its markup back in place, marks gone', () => {
    const kept = new KeptParts();
    renders = 0;
    const first = renderPage(kept, 'Phone 1', 'First body');
    const second = renderPage(kept, 'Phone 1', 'Second body');
    expect(renders).toBe(1);
    expect(first).not.toContain('<template');
    expect(second).not.toContain('<template');
    // The page as if nothing were kept: the same markup, the body as it is now.
    expect(second).toBe(first.replace('First body', 'Second body').replace('First body', 'Second body'));
    expect(second).toMatch(/^<p>Phone 1 <div[^>]*data-island="subscribe"[^>]*data-id="header0-"/);
  });

  it('numbers a part’s islands on their own, so the page’s other islands never take the same ids', () => {
    const kept = new KeptParts();
    renderPage(kept, 'Phone 1', 'First');
    const page = renderPage(kept, 'Phone 1', 'Second');
    expect([...page.matchAll(/data-id="([^"]+)"/g)].map((match) => match[1])).toEqual(['header0-', 'i0-']);
  });

  it('keeps a part inside another with the inner one in place, so reusing the outer one reuses both', () => {
    const kept = new KeptParts();
    const renderNested = (inner: string) => {
      const islands: IslandServer = { nextId: () => 'i0-', renderRoot: (node) => renderToString(node), filesOf: () => [] };
      const parts = kept.forRender(islands, 'b1');
      islands.part = (name, inputs) => parts.open(name, inputs);
      return parts.finish(
        renderToString(
          <IslandServerContext.Provider value={islands}>
            <KeptPart name="outer" inputs={{ inner }}>
              <div>
                Outer
                <KeptPart name="inner" inputs={{ inner }}>
                  <Counted text={inner} />
                </KeptPart>
              </div>
            </KeptPart>
          </IslandServerContext.Provider>,
        ),
      );
    };
    renders = 0;
    const first = renderNested('Inner 1');
    expect(first).not.toContain('<template');
    expect(renderNested('Inner 1')).toBe(first);
    expect(renders).toBe(1);
  });

  it('renders the part again when its inputs change, and keeps both', () => {
    const kept = new KeptParts();
    renders = 0;
    renderPage(kept, 'Phone 1', 'Body');
    expect(renderPage(kept, 'Phone 2', 'Body')).toContain('Phone 2');
    expect(renderPage(kept, 'Phone 1', 'Body')).toContain('Phone 1');
    expect(renders).toBe(2);
    expect(kept.size).toBe(2);
  });

  it('keeps nothing and reuses nothing for a render that says so (a page drawn for one visitor’s form post)', () => {
    const kept = new KeptParts();
    renders = 0;
    renderPage(kept, 'Their words', 'Body', { keep: false });
    expect(kept.size).toBe(0);
    renderPage(kept, 'Phone 1', 'Body');
    expect(renderPage(kept, 'Phone 1', 'Body', { keep: false })).toContain('Phone 1');
    expect(renders).toBe(3);
  });

  it('keeps a part per build: another build’s markup names other files', () => {
    const kept = new KeptParts();
    renders = 0;
    renderPage(kept, 'Phone 1', 'Body', { build: 'b1' });
    renderPage(kept, 'Phone 1', 'Body', { build: 'b2' });
    expect(renders).toBe(2);
  });

  it('is its children where no islands document is rendered (the app)', () => {
    renders = 0;
    const html = renderToString(
      <KeptPart name="header" inputs={{}}>
        <Counted text="In the app" />
      </KeptPart>,
    );
    expect(html).toBe('<p>In the app <span>In the app</span></p>');
  });

  it('lets go of the least used parts past its bound, by characters', () => {
    const kept = new KeptParts(600);
    for (let n = 0; n < 20; n++) renderPage(kept, `Phone ${n}`, 'Body');
    expect(kept.size).toBeGreaterThan(0);
    expect(kept.size).toBeLessThan(20);
  });
});
