import type { ReactNode } from 'react';
import type { Widget } from '../api/types';
import { type Columns, SimpleGrid } from '../ui';
import { WidgetCard } from './WidgetCard';

/** Cards in a responsive grid, `lg` apart. */
export function CardGrid({ cols, className, children }: { cols: Columns; className?: string; children: ReactNode }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" className={className}>
      {children}
    </SimpleGrid>
  );
}

/** Widget cards in a responsive grid (home sections and page sections alike); nothing when empty. */
export function WidgetGrid({ widgets, cols, className }: { widgets: Widget[]; cols: Columns; className?: string }) {
  if (widgets.length === 0) return null;
  return (
    <CardGrid cols={cols} className={className}>
      {widgets.map((widget) => (
        <WidgetCard key={widget.id} widget={widget} />
      ))}
    </CardGrid>
  );
}
