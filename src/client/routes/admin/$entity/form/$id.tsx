import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { entityRecordQuery } from '../../../../admin/api/entity-queries';
import { RecordDetail } from '../../../../admin/detail/RecordDetail';
import { EntityForm } from '../../../../admin/form/EntityForm';
import { HistoryPanel } from '../../../../admin/form/HistoryPanel';
import { TextLanguage } from '../../../../admin/form/TextLanguage';
import { usePresence } from '../../../../admin/form/usePresence';
import { useEntityRights } from '../../../../admin/session/rights';
import { UserAccountActions } from '../../../../admin/users/UserAccountActions';
import { WebhookDeliveries } from '../../../../admin/webhooks/WebhookDeliveries';
import { NewsletterSending } from '../../../../admin/newsletters/NewsletterSending';
import { FormEntriesLink } from '../../../../admin/form-entries/FormEntriesLink';
import { isSignedIn } from '../../../../admin/session/session-store';
import { useSiteLocales } from '../../../../admin/session/site-locales';
import { localizedFields } from '../../../../../shared/entities';
import { LOCALE_TAG } from '../../../../../shared/locales';
import { useAdminText } from '../../../../admin/i18n';

export const Route = createFileRoute('/admin/$entity/form/$id')({
  // `locale`: the language whose text the form edits (none: the record itself, in the default one).
  validateSearch: (search: Record<string, unknown>): { locale?: string } =>
    typeof search.locale === 'string' && LOCALE_TAG.test(search.locale) ? { locale: search.locale } : {},
  codeSplitGroupings: [['loader', 'component']],
  // An address whose key can name no record is no record's screen (and never a request's path).
  // Imported here, not at the top: route options stay in the bundle every visitor loads ($entity/route.tsx).
  beforeLoad: async ({ context: { entity }, params }) => {
    const { isRecordKey } = await import('../../../../admin/admin-entities');
    if (!isRecordKey(entity, params.id)) throw notFound();
  },
  loader: ({ context: { entity, queryClient }, params }) => {
    if (!isSignedIn()) return;
    void queryClient.prefetchQuery(entityRecordQuery(entity.def, params.id));
  },
  component: EditRoute,
});

/**
 * Shown under the edit form of a record of these entities: a user's account actions, a webhook's
 * deliveries, a newsletter's preview, sending and report, the way to a form's entries.
 */
const FORM_EXTRAS: Partial<Record<string, ComponentType<{ recordKey: string }>>> = {
  users: UserAccountActions,
  webhooks: WebhookDeliveries,
  newsletters: NewsletterSending,
  forms: FormEntriesLink,
};

/** The form for those who may change this record; the record as text for those who may only read it. */
function EditRoute() {
  const { t } = useAdminText();
  const { entity: path, id } = Route.useParams();
  const { entity } = Route.useRouteContext();
  const locales = useSiteLocales();
  const navigate = Route.useNavigate();
  const translatable = locales.length > 1 && localizedFields(entity.def).length > 0;
  const asked = Route.useSearch().locale;
  // The default language's text is the record itself; any other is its translation.
  const locale = translatable && asked && asked !== locales[0] && locales.includes(asked) ? asked : undefined;
  const rights = useEntityRights(entity);
  const [restores, setRestores] = useState(0);
  // Whether an own-records right covers this record depends on who made it: wait for it.
  const ownerMatters = Boolean(entity.def.ownerField) && rights.canEdit();
  const record = useQuery({ ...entityRecordQuery(entity.def, id), enabled: ownerMatters });
  const waiting = ownerMatters && record.data === undefined && !record.isError;
  const editable = !waiting && rights.canEdit(record.data);
  const others = usePresence(entity.def, id, editable);
  if (waiting) {
    return (
      <Center py="xl">
        <Loader aria-label={`Loading the ${entity.def.formTitle}`} />
      </Center>
    );
  }
  const FormExtras = FORM_EXTRAS[entity.def.resource];
  return editable ? (
    <Stack gap="md">
      {others.length > 0 && (
        <Alert
          color="yellow"
          role="status"
          title={t('presence.editing', {
            count: others.length,
            names: others.map((o) => o.user_name ?? t('presence.someone')).join(', '),
          })}
        >
          {t('presence.text')}
        </Alert>
      )}
      <TextLanguage
        def={entity.def}
        locale={locale}
        onChange={(tag) => void navigate({ search: tag === locales[0] ? {} : { locale: tag } })}
      />
      {/* A restore replaces the record: the form starts again from it. */}
      <EntityForm key={`${path}/${id}/${restores}/${locale ?? ''}`} entity={entity} recordKey={id} locale={locale} />
      {!locale && FormExtras && <FormExtras recordKey={id} />}
      {!locale && <HistoryPanel def={entity.def} recordKey={id} onRestored={() => setRestores((n) => n + 1)} />}
    </Stack>
  ) : (
    <RecordDetail key={`${path}/${id}`} entity={entity} recordKey={id} />
  );
}
