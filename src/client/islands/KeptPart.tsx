/**
 * A part of a public page that is drawn from `inputs` alone: in an islands document, its markup is
 * rendered once per distinct inputs and reused by the next render of a page (islands/kept-parts.ts);
 * in the app, and in a document rendered without kept parts, it is just its children.
 *
 * What it asks of the part:
 * - everything that changes its markup is in `inputs` (as JSON), not read from elsewhere in a way
 *   `inputs` does not show (the query cache, the clock);
 * - its useId values are the same at its place in every render of one address, so `inputs` names
 *   the address when the part is drawn differently per page;
 * - it puts nothing in the document's head, which a reused part cannot do: React names there each
 *   image shown at once (an <img> not lazy and not in a <picture>) and each stylesheet with a
 *   precedence. The page names such a resource outside the part (react-dom's preload()).
 */
import { type ReactNode, useContext } from 'react';
import { IslandServerContext } from './Island';

export function KeptPart({ name, inputs, children }: { name: string; inputs: unknown; children: ReactNode }) {
  const server = useContext(IslandServerContext);
  if (!server?.part) return children;
  const slot = server.part(name, inputs);
  if (slot.kept) return <template data-kept-part={slot.id} />;
  return (
    <>
      <template data-part-start={slot.id} />
      <IslandServerContext.Provider value={slot.islands}>{children}</IslandServerContext.Provider>
      <template data-part-end={slot.id} />
    </>
  );
}
