/** Template '_microfinance' (spec §2.1): the first widget wide across the row, the rest narrow cards. */
import type { Section } from '../../api/types';
import { Container } from '../../ui';
import { WidgetCard } from '../../widgets/WidgetCard';
import { CardGrid } from '../../widgets/WidgetGrid';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';

export function MicrofinanceSection({ section }: { section: Section }) {
  const [first, ...rest] = section.widgets;
  return (
    <section className={classes.band}>
      <Container size="xl">
        <SectionHeader title={section.title} subTitle={section.sub_title} record={section} />
        {first ? (
          <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
            <WidgetCard widget={first} wide />
          </div>
        ) : null}
        {rest.length > 0 ? (
          <CardGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {rest.map((widget) => (
              <WidgetCard key={widget.id} widget={widget} />
            ))}
          </CardGrid>
        ) : null}
      </Container>
    </section>
  );
}
