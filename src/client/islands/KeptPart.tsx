/**
 * A part of a public page that is drawn from `inputs` alone: in an islands document, its markup is
 * rendered once per distinct inputs and reused by the next render of a page (islands/kept-parts.ts);
 * in the app, and in a document rendered without kept parts, it is just its children.
 *
 * What it asks of the part:
 * - everything that changes its markup is in `inputs` (as JSON), not read from elsewhere in a way
 *   `inputs` does not show (the query cache, the router, the clock): the part is given it as props
 *   by the component around it, which reads it. ESLint keeps the query and router hooks out of the
 *   files drawn inside parts, and tests/api/kept-parts.test.ts draws every demo address, in both
 *   languages, with and without kept parts (and again after writes to what they show): the two
 *   documents must be the same, byte for byte;
 * - its useId values are the same at its place in every render of one address, so `inputs` names
 *   the address when the part is drawn differently per page;
 * - it puts nothing in the document's head, which a reused part cannot do: React names there each
 *   image shown at once (an <img> not lazy and not in a <picture>) and each stylesheet with a
 *   precedence. The page names such a resource outside the part (react-dom's preload()).
 */
import { type ReactNode, useContext } from 'react';
import { IslandServerContext } from './Island';

/** The attribute of each mark a render leaves for a part: here, not in kept-parts.ts (which finds them), as that is server code the browser must not load. */
export const PART_MARKS = { kept: 'data-kept-part', start: 'data-part-start', end: 'data-part-end' } as const;

export function KeptPart({ name, inputs, children }: { name: string; inputs: unknown; children: ReactNode }) {
  const server = useContext(IslandServerContext);
  if (!server?.part) return children;
  const slot = server.part(name, inputs);
  const mark = (attribute: string) => <template {...{ [attribute]: slot.id }} />;
  if (slot.kept) return mark(PART_MARKS.kept);
  return (
    <>
      {mark(PART_MARKS.start)}
      <IslandServerContext.Provider value={slot.islands}>{children}</IslandServerContext.Provider>
      {mark(PART_MARKS.end)}
    </>
  );
}
