/** Template '_activities': widgets in rows of 2, then 3, then 2 or more (see activity-rows.ts). */
import type { Section } from '../../api/types';
import { Container } from '../../ui';
import { WidgetCard } from '../../widgets/WidgetCard';
import { CardGrid } from '../../widgets/WidgetGrid';
import classes from '../home.module.css';
import { activityRows } from './activity-rows';
import { SectionHeader } from './SectionHeader';

export function ActivitiesSection({ section }: { section: Section }) {
  return (
    <section className={`${classes.band} ${classes.bandAlt}`}>
      <Container size="xl">
        <SectionHeader title={section.title} subTitle={section.sub_title} record={section} center />
        <div className={classes.rows}>
          {activityRows(section.widgets).map((row) => (
            <CardGrid key={row[0]!.id} cols={{ base: 1, sm: 2, md: row.length }}>
              {row.map((widget) => (
                <WidgetCard key={widget.id} widget={widget} />
              ))}
            </CardGrid>
          ))}
        </div>
      </Container>
    </section>
  );
}
