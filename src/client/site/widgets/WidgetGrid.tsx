import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { Widget } from '../api/types';
import { WidgetCard } from './WidgetCard';

/** Widget cards in a responsive grid (home sections and page sections alike); nothing when empty. */
export function WidgetGrid({ widgets, ...grid }: { widgets: Widget[] } & SimpleGridProps) {
  if (widgets.length === 0) return null;
  return (
    <SimpleGrid spacing="lg" {...grid}>
      {widgets.map((widget) => (
        <WidgetCard key={widget.id} widget={widget} />
      ))}
    </SimpleGrid>
  );
}
