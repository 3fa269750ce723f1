/**
 * One machine's statechart as ELK laid it out (flows/layout.ts), drawn as SVG: states as boxes
 * (the current ones filled), transitions as arrows with their event and guard.
 */
import { Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import { type Chart, layOut } from '../../flows/layout';
import { useAdminText } from '../i18n';

/** Every state path a state value is in: `{ saving: 'sending' }` is `saving` and `saving.sending`. */
export function activePaths(value: StateValue | null | undefined, prefix = ''): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, inner]) => [
    `${prefix}${key}`,
    ...activePaths(inner as StateValue, `${prefix}${key}.`),
  ]);
}

const charts = new WeakMap<AnyStateMachine, Promise<Chart>>();

export function FlowChart({ machine, name, current }: { machine: AnyStateMachine; name: string; current?: StateValue | null }) {
  const { t } = useAdminText();
  const [chart, setChart] = useState<Chart | null>(null);
  useEffect(() => {
    let live = true;
    let laid = charts.get(machine);
    if (!laid) charts.set(machine, (laid = layOut(machine)));
    void laid.then((result) => live && setChart(result));
    return () => {
      live = false;
    };
  }, [machine]);
  if (!chart)
    return (
      <Text c="dimmed" size="sm">
        <Loader size="xs" mr="xs" />
        {t('flows.laying')}
      </Text>
    );
  const active = new Set(activePaths(current));
  const margin = 8;
  return (
    // A wide chart scrolls: the region takes the keyboard's focus so arrows can scroll it too.
    <div className="flow-chart" tabIndex={0} role="region" aria-label={t('flows.chart', { machine: name })}>
      <svg
        role="img"
        aria-label={t('flows.chart', { machine: name })}
        viewBox={`${-margin} ${-margin} ${chart.width + margin * 2} ${chart.height + margin * 2}`}
        // As wide as the column, no wider than drawn, and never so small its words cannot be
        // read: a wider chart scrolls.
        style={{ width: '100%', maxWidth: chart.width + margin * 2, minWidth: Math.min(chart.width + margin * 2, 760) }}
        data-machine={name}
      >
        <defs>
          <marker
            id="flow-arrow"
            viewBox="0 0 10 10"
            refX="10"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {chart.boxes.map((box) => (
          <g key={box.id} data-state={box.path} data-current={active.has(box.path) ? 'true' : undefined}>
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={8}
              className={active.has(box.path) ? 'flow-state flow-state-current' : 'flow-state'}
              strokeWidth={box.final ? 3 : 1.5}
            />
            <text x={box.x + 10} y={box.y + (box.compound ? 18 : box.height / 2 + 4)} className="flow-state-label">
              {box.label}
            </text>
          </g>
        ))}
        {chart.edges.map((edge) => (
          <g key={edge.id} className="flow-edge">
            <polyline points={edge.points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" markerEnd="url(#flow-arrow)" />
            {edge.labelAt && (
              <text x={edge.labelAt.x} y={edge.labelAt.y + 12} className="flow-edge-label">
                {edge.label}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}
