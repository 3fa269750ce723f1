import { Alert, Button, Card, Center, Grid, Group, Loader, Stack } from '@mantine/core';
import type { AdminEntity } from '../admin-entities';
import { FieldInput, WIDE_KINDS } from './field-registry';
import { formFields, toFormValues } from './form-values';
import { takeConflictedEdit } from '../../pwa/conflicted-edits';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useEntityFormMachine } from './useEntityFormMachine';
import { ScreenHeader } from '../ScreenHeader';
import { useQuery } from '@tanstack/react-query';
import { isPublishable } from '../../../shared/entities';
import { entityDraftQuery, entityRecordQuery } from '../api/entity-queries';
import { editedResource } from '../../pwa/entity-saves';
import { languageName } from '../../../shared/locales';
import { useSiteLocales } from '../session/site-locales';
import { translationDef } from './translation';
import { DraftNotice, PreviewLinkNotice, usePreviewLink } from './Publishing';
import { useAdminText } from '../i18n';
import { lazyComponent } from '../../ui/lazy-component';

// Shown only when someone else's save overtook this one (its table: Mantine's Table and ScrollArea).
const ConflictPanel = lazyComponent(() => import('./ConflictPanel').then((m) => m.ConflictPanel));
// Only the forms of entities under review show it: the others never download it.
const ReviewPanel = lazyComponent(() => import('./ReviewPanel').then((m) => m.ReviewPanel));

interface Props {
  entity: AdminEntity;
  /** The record's key; without one the form creates. */
  recordKey?: string;
  /** Edit the record's text in this language (not the site's default): its localized fields only. */
  locale?: string;
}

/** The one form screen of every entity, driven by its definition's fields and the form machine. */
export function EntityForm({ entity, recordKey, locale }: Props) {
  const { t, term, message } = useAdminText();
  const defaultLocale = useSiteLocales()[0]!;
  // A translation's form: the localized fields, with the default language's text beside each.
  const reference = useQuery({ ...entityRecordQuery(entity.def, recordKey ?? ''), enabled: Boolean(locale && recordKey) });
  const formEntity = useMemo(
    () => (locale ? { ...entity, def: translationDef(entity.def, defaultLocale, undefined) } : entity),
    [entity, locale, defaultLocale],
  );
  const def = locale ? translationDef(entity.def, defaultLocale, reference.data) : entity.def;
  const [state, send] = useEntityFormMachine(formEntity, recordKey, locale);
  const { values, fieldErrors, errorMessage, id, conflict } = state.context;
  const saving = state.matches('saving');
  const comparing = state.matches('conflict') && conflict !== null;
  const restored = useRef(false);
  const succeeded = state.matches('success');
  // Pages, posts and slides that exist can hold a draft and be previewed.
  const publishing = isPublishable(def) && recordKey !== undefined && !locale;
  const preview = usePreviewLink(def, recordKey);
  const draft = useQuery({ ...entityDraftQuery(def, recordKey ?? ''), enabled: publishing });

  useEffect(() => {
    // An edit of this record refused as stale while no form was open (saved offline, then the
    // page reloaded) is compared with the record as soon as it has loaded.
    if (restored.current || recordKey === undefined || !state.matches('editing')) return;
    restored.current = true;
    const kept = takeConflictedEdit(editedResource({ resource: def.resource, locale }), recordKey);
    if (kept) send({ type: 'conflict.restore', yours: toFormValues(def, kept.body) });
  }, [state, recordKey, def, send, locale]);

  return (
    <Stack gap="md">
      <ScreenHeader
        title={(() => {
          const title = t(recordKey === undefined ? 'form.new' : 'form.edit', { what: term(def.formTitle) });
          return locale ? t('form.inLanguage', { title, language: languageName(locale) }) : title;
        })()}
        listPath={def.adminPath}
      />

      {state.matches('loading') && (
        <Center py="xl">
          <Loader aria-label={t('form.loading', { what: term(def.formTitle).toLowerCase() })} />
        </Center>
      )}

      {state.matches('loadFailed') && (
        <Alert color="red" role="alert" title={t('form.loadFailed', { what: term(def.formTitle).toLowerCase() })}>
          {errorMessage}
          <div>
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => send({ type: 'form.retryLoad' })}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      )}

      {!state.matches('loading') && !state.matches('loadFailed') && (
        <Card
          withBorder
          padding="lg"
          // Visible overflow, so the actions can stick to the window's bottom (.form-actions).
          style={{ overflow: 'visible' }}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <Stack gap="md">
            {publishing && <DraftNotice def={def} recordKey={recordKey} onDiscarded={() => send({ type: 'form.reload' })} />}
            {state.matches({ saving: 'waitingForConnection' }) && (
              <Alert color="yellow" role="status" title={t('form.waiting.title')}>
                {t('form.waiting.text')}
                <div>
                  <Button mt="sm" size="xs" variant="default" onClick={() => send({ type: 'form.cancelWaiting' })}>
                    {t('common.cancel')}
                  </Button>
                </div>
              </Alert>
            )}
            {comparing && (
              <Suspense fallback={<Loader aria-label={t('relation.loading')} />}>
                <ConflictPanel
                  def={def}
                  conflict={conflict}
                  onChoose={(field, side) => send({ type: 'conflict.choose', field, side })}
                  onChooseAll={(side) => send({ type: 'conflict.chooseAll', side })}
                  onSave={() => send({ type: 'conflict.save' })}
                />
              </Suspense>
            )}
            {state.matches('editing') && errorMessage && (
              <Alert color="red" role="alert" title={t('form.notSaved')}>
                {message(errorMessage)}
                {/* Errors about fields this form does not show would otherwise be invisible. */}
                {Object.entries(fieldErrors)
                  .filter(([name]) => !(name in def.fields) || def.fields[name]!.readOnly || def.fields[name]!.hidden)
                  .map(([name, text]) => (
                    <div key={name}>{`${name}: ${message(text)}`}</div>
                  ))}
              </Alert>
            )}
            <Grid gap="md">
              {formFields(def).map(([name, field]) => (
                <Grid.Col key={name} span={WIDE_KINDS.has(field.kind) ? 12 : { base: 12, md: 6 }}>
                  <FieldInput
                    name={name}
                    field={field}
                    value={values[name]}
                    error={fieldErrors[name]}
                    disabled={saving || comparing}
                    onChange={(value) => send({ type: 'field.change', field: name, value })}
                    resource={def.resource}
                    recordId={id}
                  />
                </Grid.Col>
              ))}
            </Grid>
            {/* Below the fields: it arrives after the record, and above them it pushed what is being typed down. */}
            {publishing && def.review && (
              <Suspense fallback={null}>
                <ReviewPanel def={def} recordKey={recordKey} onMoved={() => send({ type: 'form.reload' })} />
              </Suspense>
            )}
            <Group className="form-actions">
              <Button
                type="submit"
                loading={saving && state.context.intent === 'save' && !state.context.andNew}
                disabled={saving || comparing}
              >
                {draft.data ? t('form.publish') : t('form.save')}
              </Button>
              {entity.canCreate && !draft.data && !locale && (
                <Button
                  variant="default"
                  loading={saving && state.context.andNew}
                  disabled={saving || comparing}
                  onClick={() => send({ type: 'form.submit', andNew: true })}
                >
                  {t('form.saveAndAdd')}
                </Button>
              )}
              {publishing && (
                <>
                  <Button
                    variant="default"
                    loading={saving && state.context.intent === 'draft'}
                    disabled={saving || comparing}
                    onClick={() => send({ type: 'form.saveDraft' })}
                  >
                    {t('form.saveDraft')}
                  </Button>
                  <Button variant="subtle" loading={preview.isPending} onClick={() => preview.mutate()}>
                    {t('form.preview')}
                  </Button>
                </>
              )}
              {/* Beside the button that saved, in the bar that stays in view: its coming and going
                  moves none of the fields (above them it pushed the form down, then back up). */}
              {succeeded && (
                <Alert color="green" role="status" py={6}>
                  {state.context.intent === 'draft'
                    ? t('form.draftSaved')
                    : def.successText
                      ? term(def.successText)
                      : t('form.success')}
                </Alert>
              )}
            </Group>
            {preview.data && <PreviewLinkNotice link={preview.data} />}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
