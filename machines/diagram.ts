/**
 * A flow's statechart as a Mermaid `stateDiagram-v2` (GitHub draws it): its states with their
 * nesting and parallel regions, and every transition it defines with its event and guard. Made
 * from the machine itself, so docs/flows/ cannot drift from the code (flow-diagrams.test.ts).
 */
import type { AnyStateMachine } from 'xstate';
import { type AnyStateNode, transitionLabel, transitionsOf } from './graph';
import type { Flow } from './flows';

/** Mermaid's id for a state: its path, unique where a name recurs under two parents. */
const idOf = (node: AnyStateNode) => node.path.join('__');

function stateLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as AnyStateNode[];
  for (const [index, child] of children.entries()) {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    const inner = Object.values(child.states) as AnyStateNode[];
    if (inner.length === 0) {
      lines.push(`${indent}state "${child.key}" as ${idOf(child)}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${idOf(child)} {`);
      lines.push(...stateLines(child, `${indent}  `));
      lines.push(`${indent}}`);
    }
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
  }
  const initial = node.type === 'parallel' ? undefined : (node.initial?.target?.[0] as AnyStateNode | undefined);
  if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
  return lines;
}

export function mermaidOf(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', ...stateLines(machine.root, '  ')];
  for (const info of transitionsOf(machine)) {
    const { source, definition } = info;
    const label = transitionLabel(info);
    const targets = (definition.target ?? []) as AnyStateNode[];
    // A transition without a target stays where it is (it only acts, or it ignores the event).
    const from = source.path.length > 0 ? idOf(source) : undefined;
    for (const target of targets.length > 0 ? targets : from ? [source] : []) {
      if (from) lines.push(`  ${from} --> ${idOf(target)}: ${label}`);
    }
    // The root's own transitions apply in every state: a note on their target says so.
    if (!from) for (const target of targets) lines.push(`  note left of ${idOf(target)} : ${label}, from any state`);
  }
  return lines.join('\n');
}

/** The Markdown page of one flow in docs/flows/. */
export function flowPage(flow: Flow): string {
  return [
    `# ${flow.name}`,
    '',
    `${flow.title}. Machine: [\`machines/${flow.name}.ts\`](../../machines/${flow.name}.ts).`,
    '',
    'Made by `npm run flows:docs` from the machine itself; a test fails when this page is older than it.',
    '',
    '```mermaid',
    mermaidOf(flow.machine),
    '```',
    '',
  ].join('\n');
}

/** docs/flows/README.md: every flow, with a line on what it is. */
export function flowsIndex(flows: readonly Flow[]): string {
  return [
    '# Flows',
    '',
    'Every flow the product runs as an XState machine (`machines/`), drawn from the machine itself',
    'by `npm run flows:docs`. `machines/generated.test.ts` walks each one and fails when a state or',
    'a transition cannot be reached.',
    '',
    ...flows.map((flow) => `- [${flow.name}](${flow.name}.md): ${flow.title}.`),
    '',
    '## Watching them run',
    '',
    'The back-office has its own inspector at `/admin/flows` (admins only, in production builds, offline',
    'too): each machine laid out by ELK from its definition, the runs of this tab and of other open tabs',
    'of the same browser live, each step with its event, the state reached and the context, passwords,',
    'tokens and codes masked. **Export log** saves the steps as JSON; **Load a log** opens such a file in',
    'another browser and replays each run on the machine there, saying whether every step reaches the',
    'state recorded. A public page records its islands too with `?flows` in its address, for a signed-in',
    'admin; `?flows=stately` (online) also opens Stately’s hosted inspector, as `?inspect` does under',
    '`npm run dev`.',
    '',
    'Under `npm run dev` every page, public or back-office, records its flows without the switch, and a',
    '**Flows** button in its corner opens the inspector in a window beside it, following the page live',
    '([`dev-panel.ts`](../../src/client/flows/dev-panel.ts)).',
    '',
    'Some flows are not driven by their chart but told by the code that does the work, step by step, so',
    'that the inspector shows them: the upload queue',
    "([`upload-queue.ts`](../../src/client/admin/media/upload-queue.ts)) and an island's wake",
    '([`hydrate.ts`](../../src/client/islands/hydrate.ts), told only while the inspector is on, so a',
    "visitor's page loads no XState). A test checks that every change of state the queue makes is a step",
    'of its chart to the same place (`tests/unit/admin/upload-flow-steps.test.ts`).',
    '',
    '![The flows inspector with an entity form’s run](../images/flows-inspector.png)',
    '',
  ].join('\n');
}
