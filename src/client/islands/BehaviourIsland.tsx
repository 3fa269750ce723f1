/**
 * A behaviour island (Island.tsx tells the two kinds apart): markup of the page that a behaviour,
 * loaded through the registry, takes over: in the app from an effect, in an islands document from
 * the browser's islands entry (hydrate.ts).
 */
import { type ReactNode, useContext, useEffect, useRef } from 'react';
import { IslandServerContext, wrapper } from './Island';
import { type Behaviour, type IslandName, type IslandWhen, islandModule } from './registry';

type BehaviourIslandProps<P> = { name: IslandName; when?: IslandWhen; props: P; children: ReactNode };

/** A behaviour island: markup of the page that a behaviour takes over. */
export function BehaviourIsland<P extends object>({ name, when = 'load', props, children }: BehaviourIslandProps<P>) {
  const server = useContext(IslandServerContext);
  const element = useRef<HTMLDivElement>(null);
  const json = JSON.stringify(props);
  useEffect(() => {
    // In the app the behaviour runs from here; in an islands document the browser runs it (hydrate.ts).
    const target = element.current;
    const module = islandModule(name);
    if (!target || module?.kind !== 'behaviour') return;
    let stop: (() => void) | undefined;
    let gone = false;
    void module.load().then((behaviour) => {
      if (!gone) stop = (behaviour as Behaviour<P>)(target, JSON.parse(json) as P);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [name, json]);
  return (
    <div ref={element} {...wrapper} data-island={name} data-when={when} {...(server ? { 'data-props': json } : {})}>
      {children}
    </div>
  );
}
