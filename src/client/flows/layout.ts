/**
 * A flow's statechart laid out by ELK (elkjs, the Eclipse Layout Kernel's layered algorithm):
 * states as boxes nested in their parents, transitions as routed edges with their labels. What
 * the inspector draws (FlowChart.tsx); nothing here is drawn by hand.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk-api.js';
// ELK itself runs in a worker of its own: a file (not a chunk of the app) fetched when a chart is
// first laid out, and the page's main thread stays free while it lays out.
import elkWorker from 'elkjs/lib/elk-worker.min.js?url';
import type { AnyStateMachine } from 'xstate';
import { type AnyStateNode, transitionLabel, transitionsOf } from '../../../machines/graph';

export interface ChartBox {
  id: string;
  label: string;
  /** The state value path (`saving.sending`), to highlight the current state. */
  path: string;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
  final: boolean;
}

export interface ChartEdge {
  id: string;
  label: string;
  /** Points of the route, start to end. */
  points: { x: number; y: number }[];
  labelAt?: { x: number; y: number };
}

export interface Chart {
  width: number;
  height: number;
  boxes: ChartBox[];
  edges: ChartEdge[];
}

/** Text sizes for the layout, at the chart's font (12 px, a monospace-like average). */
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 16;
const textSize = (text: string) => ({ width: Math.max(20, text.length * CHAR_WIDTH + 8), height: LINE_HEIGHT });

const elkId = (node: AnyStateNode) => `s:${node.path.join('.')}`;

function nodeOf(state: AnyStateNode): ElkNode {
  const children = (Object.values(state.states) as AnyStateNode[]).map(nodeOf);
  const label = textSize(state.key);
  return {
    id: elkId(state),
    labels: [{ text: state.key, ...label }],
    ...(children.length > 0
      ? {
          children,
          layoutOptions: {
            'elk.padding': '[top=28,left=12,bottom=12,right=12]',
            'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
          },
        }
      : { width: label.width + 24, height: 36 }),
  };
}

let elk: InstanceType<typeof ELK> | undefined;

/** Lays the machine out; the same machine always gives the same chart. */
export async function layOut(machine: AnyStateMachine): Promise<Chart> {
  elk ??= new ELK({ workerUrl: elkWorker });
  const edges: ElkExtendedEdge[] = [];
  for (const [index, info] of transitionsOf(machine).entries()) {
    const { source, definition } = info;
    // The root's own transitions (taken in any state) have no box to start from: they are listed, not drawn.
    if (source.path.length === 0) continue;
    const targets = (definition.target ?? []) as AnyStateNode[];
    const label = transitionLabel(info);
    for (const target of targets.length > 0 ? targets : [source]) {
      edges.push({
        id: `e${index}:${target.path.join('.')}`,
        sources: [elkId(source)],
        targets: [elkId(target)],
        labels: [{ text: label, ...textSize(label) }],
      });
    }
  }
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
    },
    children: (Object.values(machine.root.states) as AnyStateNode[]).map(nodeOf),
    edges,
  };
  const laid = await elk.layout(graph);

  const boxes: ChartBox[] = [];
  const offsets = new Map<string, { x: number; y: number }>([['root', { x: 0, y: 0 }]]);
  const walk = (node: ElkNode, offset: { x: number; y: number }) => {
    for (const child of node.children ?? []) {
      const at = { x: offset.x + (child.x ?? 0), y: offset.y + (child.y ?? 0) };
      offsets.set(child.id, at);
      const path = child.id.slice(2);
      const state = machine.root.machine.getStateNodeById(`${machine.id}.${path}`) as AnyStateNode;
      boxes.push({
        id: child.id,
        label: state.key,
        path,
        ...at,
        width: child.width ?? 0,
        height: child.height ?? 0,
        compound: (child.children ?? []).length > 0,
        final: state.type === 'final',
      });
      walk(child, at);
    }
  };
  walk(laid, { x: 0, y: 0 });

  const chartEdges: ChartEdge[] = [];
  const collect = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      // Coordinates are relative to the node the edge is kept in (ELK's `container`).
      const offset = offsets.get(edge.container ?? node.id) ?? { x: 0, y: 0 };
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const label = edge.labels?.[0];
      chartEdges.push({
        id: edge.id,
        label: label?.text ?? '',
        points: points.map((point) => ({ x: point.x + offset.x, y: point.y + offset.y })),
        labelAt:
          label && label.x !== undefined && label.y !== undefined ? { x: label.x + offset.x, y: label.y + offset.y } : undefined,
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, edges: chartEdges };
}
