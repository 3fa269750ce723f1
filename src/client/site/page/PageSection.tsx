/** One section of a page: heading, its HTML content and its widgets as cards linking to link_url. */
import { Container, Stack, Text, Title } from '@mantine/core';
import { SafeHtml } from '../../ui/SafeHtml';
import type { Section } from '../api/types';
import { WidgetGrid } from '../widgets/WidgetGrid';

export function PageSection({ section }: { section: Section }) {
  if (!section.title && !section.content && section.widgets.length === 0) return null;
  return (
    <Container size="xl" component="section" py="xl">
      <Stack gap="md">
        {section.title ? (
          <Title order={2} c="blue.9">
            {section.title}
          </Title>
        ) : null}
        {section.sub_title ? <Text c="gray.7">{section.sub_title}</Text> : null}
        <SafeHtml html={section.content} />
        <WidgetGrid widgets={section.widgets} cols={{ base: 1, sm: 2, md: 3 }} />
      </Stack>
    </Container>
  );
}
