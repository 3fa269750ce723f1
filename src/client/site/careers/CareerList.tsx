/**
 * The career page's 'Career Page' block. The spec's original showed only a placeholder; visitors
 * expect the openings there, so it lists the published ones (GET /cms/careers), open or closed,
 * each with its dates and a badge saying which. One opening (`?career=<id>`, career-search.ts)
 * shows its content and, between its application start and end, its application form: the
 * `built-form` island a `form` section uses, naming the career, so it is drawn by the server, posts
 * plainly before it wakes or without JavaScript, and is kept on the device offline like any form.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { careerFromSearch, CAREER_PARAM } from '../../../shared/career-search';
import { builtFormName, closedReason, parseFields } from '../../../shared/built-forms';
import { Island } from '../../islands/Island';
import { formatDate } from '../../ui/display';
import { Alert, Anchor, Card, Container, Loader, Paper, QueryError, SimpleGrid, Stack, Text, Title } from '../ui';
import { careersQuery, formsQuery } from '../api/queries';
import type { Career } from '../api/types';
import { useSiteText, useTextLang } from '../../ui/site-text';
import { BuiltFormIsland, type BuiltFormProps } from '../forms/BuiltForm';
import { useFormProps } from '../forms/useFormProps';
import { useLocalHref } from '../locale';

type CareerState = 'open' | 'notYet' | 'ended';

/** Whether a career takes applications now, by its dates as the page is drawn (the server checks again on send). */
const stateOf = (career: Career): CareerState => {
  const reason = closedReason({ open_from: career.application_start_at, open_to: career.application_end_at }, new Date());
  return reason === 'not-yet' ? 'notYet' : reason === 'ended' ? 'ended' : 'open';
};

const BADGE_COLOURS: Record<CareerState, { background: string; color: string }> = {
  open: { background: 'var(--mantine-color-green-1, #d3f9d8)', color: 'var(--mantine-color-green-9, #2b8a3e)' },
  notYet: { background: 'var(--mantine-color-blue-1, #d0ebff)', color: 'var(--mantine-color-blue-9, #1864ab)' },
  ended: { background: 'var(--mantine-color-gray-2, #e9ecef)', color: 'var(--mantine-color-gray-8, #343a40)' },
};

function StateBadge({ state }: { state: CareerState }) {
  const t = useSiteText();
  return (
    <Text
      component="span"
      size="sm"
      fw={600}
      data-career-state={state}
      style={{ ...BADGE_COLOURS[state], borderRadius: 999, padding: '2px 10px', alignSelf: 'flex-start' }}
    >
      {t(`careers.state.${state}`)}
    </Text>
  );
}

function CareerDates({ career }: { career: Career }) {
  const t = useSiteText();
  const start = formatDate(career.application_start_at, t);
  const end = formatDate(career.application_end_at, t);
  if (!start && !end) return null;
  return (
    <Text size="sm" fw={600} c="blue.9">
      {[start && t('careers.opens', { date: start }), end && t('careers.closes', { date: end })].filter(Boolean).join(', ')}
    </Text>
  );
}

export function CareerList() {
  const t = useSiteText();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const chosen = careerFromSearch(searchStr);
  const { data: careers, error, refetch, isPending } = useQuery(careersQuery());
  const career = chosen === undefined ? undefined : careers?.find((candidate) => candidate.id === chosen);
  return (
    <Container size="xl" component="section" py={48} aria-labelledby="career-page-heading">
      <Title order={2} id="career-page-heading" c="blue.9" mb="lg">
        {t('careers.title')}
      </Title>
      {isPending ? <Loader aria-label={t('careers.loading')} /> : null}
      {error ? <QueryError title={t('careers.failed')} error={error} onRetry={() => void refetch()} /> : null}
      {careers && chosen !== undefined ? (
        career ? (
          <CareerDetail career={career} />
        ) : (
          <Stack gap="md">
            <Text>{t('careers.notFound')}</Text>
            <BackLink />
          </Stack>
        )
      ) : null}
      {careers && chosen === undefined && careers.length === 0 ? <Text>{t('careers.none')}</Text> : null}
      {careers && chosen === undefined && careers.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {careers.map((career) => (
            <CareerCard key={career.id} career={career} />
          ))}
        </SimpleGrid>
      ) : null}
    </Container>
  );
}

/** The career page's own address, in the page's language, naming one opening or none. */
function useCareerHref(): (id?: number) => string {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const here = useLocalHref()(pathname);
  return (id) => (id === undefined ? here : `${here}?${CAREER_PARAM}=${id}`);
}

function BackLink() {
  const t = useSiteText();
  return <Anchor href={useCareerHref()()}>{t('careers.back')}</Anchor>;
}

function CareerCard({ career }: { career: Career }) {
  const t = useSiteText();
  const lang = useTextLang();
  const href = useCareerHref();
  return (
    <Card>
      <Stack gap="xs" data-career={career.id}>
        <Title order={3} size="h4" {...lang(career, 'title')}>
          <Anchor href={href(career.id)}>{career.title}</Anchor>
        </Title>
        <StateBadge state={stateOf(career)} />
        <CareerDates career={career} />
        <Anchor href={href(career.id)}>{t('careers.details')}</Anchor>
      </Stack>
    </Card>
  );
}

/** One opening: its content and, while open, its form; before or after, the reason it takes none. */
function CareerDetail({ career }: { career: Career }) {
  const t = useSiteText();
  const lang = useTextLang();
  const state = stateOf(career);
  return (
    <article aria-labelledby={`career-${career.id}-title`} data-career={career.id}>
      <Stack gap="md">
        <BackLink />
        <Title order={3} id={`career-${career.id}-title`} {...lang(career, 'title')}>
          {career.title}
        </Title>
        <StateBadge state={state} />
        <CareerDates career={career} />
        {career.content ? (
          <Text c="gray.8" style={{ whiteSpace: 'pre-line' }} {...lang(career, 'content')}>
            {career.content}
          </Text>
        ) : null}
        {state === 'notYet' ? (
          <Alert color="blue" variant="light" role="status">
            {t('careers.closed.notYet', { date: formatDate(career.application_start_at, t) ?? '' })}
          </Alert>
        ) : state === 'ended' ? (
          <Alert color="blue" variant="light" role="status">
            {t('careers.closed.ended')}
          </Alert>
        ) : career.form_id ? (
          <ApplicationForm career={career} formId={career.form_id} />
        ) : (
          <Text>{t('careers.noForm')}</Text>
        )}
      </Stack>
    </article>
  );
}

/** The career's form, as the island a `form` section draws (page/FormSection.tsx), naming the career. */
function ApplicationForm({ career, formId }: { career: Career; formId: number }) {
  const { data: forms } = useQuery(formsQuery());
  const formProps = useFormProps(builtFormName(formId));
  const form = forms?.find((candidate) => candidate.id === formId);
  if (!form) return null;
  const props: BuiltFormProps = {
    ...formProps,
    form: { id: form.id, title: form.title, intro: form.intro, fields: parseFields(form.fields), sent_text: form.sent_text },
    career: career.id,
  };
  return (
    <Paper>
      <Island name="built-form" when="touch" component={BuiltFormIsland} props={props} />
    </Paper>
  );
}
