/**
 * An interactive part of a public page. Public pages are rendered by the server in full (the
 * router, the queries, Mantine); the browser does not take the whole page over, it brings only
 * its islands to life (islands/main.ts), so the static text costs no script work.
 *
 * How an island is drawn depends on the document:
 * - In an islands document (the server's render of a public page, IslandServer given), a React
 *   island is rendered in a React root of its own, from its props alone, and sent with them:
 *   `<div data-island data-props data-id>`; the browser hydrates that root with the same
 *   component and props (hydrate.ts). A behaviour island's markup is part of the page; the browser
 *   runs the behaviour over it.
 * - In the app (the back-office, and a public page the browser renders itself: the offline shell,
 *   or a page whose reads failed on the server), the whole document is one React tree: a React
 *   island is just its component, and a behaviour runs from an effect.
 *
 * (A behaviour island, which loads its behaviour through the registry, is BehaviourIsland.tsx: the
 * registry loads React islands' components, which use this file.)
 *
 * So an island's component gets everything it shows through its props, and needs no context from
 * the page around it (no router, no query cache): what it needs it provides itself.
 */
import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import type { IslandName, IslandWhen } from './registry';
import type { PartSlot } from './kept-parts';
import { SiteLocale, useSiteLocale } from '../ui/site-locale';

/** Given by the server while it renders an islands document. */
export interface IslandServer {
  /** Renders an island's own root to HTML; `id` prefixes its useId values, as the browser's will. */
  renderRoot: (node: ReactNode, id: string) => string;
  /** A new id for the next island of this document. */
  nextId: () => string;
  /** The files of an island's code the islands entry does not bring, when its registry entry names its source. */
  filesOf: (name: IslandName) => string[];
  /** Where a part drawn from its inputs alone goes: its markup kept from an earlier render, or a render of its own (KeptPart.tsx). */
  part?: (name: string, inputs: unknown) => PartSlot;
}

export const IslandServerContext = createContext<IslandServer | null>(null);

type ReactIslandProps<P> = { name: IslandName; when?: IslandWhen; component: ComponentType<P>; props: P };

/** An island's element takes no box of its own: its content lays out as if it were not there. */
export const wrapper = { style: { display: 'contents' } } as const;

/**
 * The root of a React island, the same on both sides (so the markup and its ids match): in the
 * browser it says when the island has been hydrated, which is when it answers the visitor.
 */
export function IslandRoot({ children, locale, onAwake }: { children: ReactNode; locale: string; onAwake?: () => void }) {
  useEffect(() => onAwake?.(), [onAwake]);
  // The document's language (its <html lang> in the browser), for the island's fixed texts.
  return <SiteLocale value={locale}>{children}</SiteLocale>;
}

/** A React island: its component, rendered from `props` alone. */
export function Island<P extends object>({ name, when = 'load', component: Component, props }: ReactIslandProps<P>) {
  const server = useContext(IslandServerContext);
  const locale = useSiteLocale();
  if (!server) return <Component {...props} />;
  const id = server.nextId();
  // One that waits for a touch has its code fetched ahead (hydrate.ts): waking then waits for no network.
  const ahead = when === 'touch' ? server.filesOf(name) : [];
  return (
    <div
      {...wrapper}
      data-island={name}
      data-when={when}
      data-id={id}
      data-props={JSON.stringify(props)}
      {...(ahead.length > 0 ? { 'data-fetch-ahead': ahead.join(' ') } : {})}
      dangerouslySetInnerHTML={{
        __html: server.renderRoot(
          <IslandRoot locale={locale}>
            <Component {...props} />
          </IslandRoot>,
          id,
        ),
      }}
    />
  );
}
