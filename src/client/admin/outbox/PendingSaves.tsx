/**
 * The outbox: saves made on this device that the server has not received yet (offline, or sent
 * but unanswered), restored after a reload like the saves themselves. The header shows how many
 * wait; each opens its form, or, for a new record, what was typed, so nobody types it again.
 */
import { Alert, Anchor, Badge, Button, Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Mutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { entityByResource, type EntityDef } from '../../../shared/entities';
import { cancelSave, isFollowed, isSave, type SaveEntityVariables } from '../../pwa/entity-saves';
import { formFields } from '../form/form-values';
import { useAdminText, adminT, adminTerm } from '../i18n';
import { lazyComponent } from '../../ui/lazy-component';
import { OnFirstPress } from '../layout/OnFirstPress';
import { labelOf, usePendingSaves } from './pending-saves';

const SavesMenu = lazyComponent(() => import('./PendingSavesMenu').then((m) => m.PendingSavesMenu));

/** How many saves wait, in the header; pressed, the list of them (PendingSavesMenu.tsx). */
export function PendingSavesIndicator() {
  const { t } = useAdminText();
  const saves = usePendingSaves();
  if (saves.length === 0) return null;
  return (
    <OnFirstPress dropdown={SavesMenu} props={{}}>
      <UnstyledButton aria-label={t('outbox.waitingLabel', { count: saves.length })}>
        <Badge color="yellow" variant="filled" size="lg">
          {t('outbox.waiting', { count: saves.length })}
        </Badge>
      </UnstyledButton>
    </OnFirstPress>
  );
}

/**
 * A new record that waits in the outbox, opened from the header: what was typed, that it is
 * waiting, and a way to cancel it. Its form is not offered again, so it is never made twice.
 */
export function PendingCreate({ def, pendingKey }: { def: EntityDef; pendingKey: string }) {
  const { t, term } = useAdminText();
  const what = term(def.formTitle).toLowerCase();
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState(false);
  const save = usePendingSaves().find((s) => s.idempotencyKey === pendingKey);
  if (cancelled) {
    return (
      <Alert color="gray" role="status" title={t('outbox.cancelled')}>
        {t('outbox.cancelledText', { what })}
      </Alert>
    );
  }
  if (!save) {
    return (
      <Alert color="green" role="status" title={t('outbox.saved')}>
        {t('outbox.savedText', { what })}{' '}
        <Anchor component={Link} to={`/admin/${def.adminPath}`}>
          {t('outbox.seeList')}
        </Anchor>
        .
      </Alert>
    );
  }
  const shown = formFields(def).filter(
    ([name]) => save.body[name] !== null && save.body[name] !== undefined && save.body[name] !== '',
  );
  return (
    <Stack gap="md">
      <Alert color="yellow" role="status" title={t('form.waiting.title')}>
        {t('outbox.keptText', { what })}
      </Alert>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('outbox.typed')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {shown.map(([name, field]) => (
            <div key={name}>
              <Text size="sm" fw={600}>
                {term(field.label)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {String(save.body[name])}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <div>
        <Button
          variant="default"
          color="red"
          onClick={() => {
            cancelSave(queryClient, save.idempotencyKey);
            setCancelled(true);
          }}
        >
          {t('outbox.cancel')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * A save that lands with no form following it (restored after a reload, or staff moved on) is
 * confirmed by a toast, so nobody wonders whether it made it.
 */
export function useLandingToasts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const told = new Set<string>();
    const tell = (mutation: Mutation<unknown, Error, unknown>) => {
      const save = mutation.state.variables as SaveEntityVariables | undefined;
      if (!save || mutation.state.status !== 'success' || !isSave(mutation)) return;
      if (isFollowed(save.idempotencyKey) || told.has(save.idempotencyKey)) return;
      // Only what landed in the last minute: older ones were seen when they happened.
      if (Date.now() - mutation.state.submittedAt > 60_000) return;
      told.add(save.idempotencyKey);
      const def = entityByResource(save.resource);
      notifications.show({
        color: 'green',
        title: adminT(save.id === undefined ? 'outbox.landedNew' : 'outbox.landedChanged', {
          what: def ? adminTerm(def.formTitle).toLowerCase() : save.resource,
        }),
        message: def ? adminT('outbox.reached', { label: labelOf(def, save) }) : undefined,
      });
    };
    const cache = queryClient.getMutationCache();
    cache.getAll().forEach(tell);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') tell(event.mutation);
    });
  }, [queryClient]);
}
