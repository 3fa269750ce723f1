import type { CSSProperties, ReactNode } from 'react';
import type { Widget } from '../api/types';
import { WidgetCard } from './WidgetCard';
import classes from './widgets.module.css';

/** Columns at each width: below 48 em, from 48 em (sm) and from 62 em (md), Mantine's breakpoints. */
export interface GridColumns {
  base: number;
  sm?: number;
  md?: number;
}

/** Cards in a responsive grid, `lg` apart (widgets.module.css). */
export function CardGrid({ cols, className, children }: { cols: GridColumns; className?: string; children: ReactNode }) {
  const style = { '--cols-base': cols.base, '--cols-sm': cols.sm, '--cols-md': cols.md } as CSSProperties;
  return (
    <div className={className ? `${classes.grid} ${className}` : classes.grid} style={style}>
      {children}
    </div>
  );
}

/** Widget cards in a responsive grid (home sections and page sections alike); nothing when empty. */
export function WidgetGrid({ widgets, cols, className }: { widgets: Widget[]; cols: GridColumns; className?: string }) {
  if (widgets.length === 0) return null;
  return (
    <CardGrid cols={cols} className={className}>
      {widgets.map((widget) => (
        <WidgetCard key={widget.id} widget={widget} />
      ))}
    </CardGrid>
  );
}
