/**
 * The outbox: saves made on this device that the server has not received yet (offline, or sent
 * but unanswered), restored after a reload like the saves themselves. The header shows how many
 * wait; each opens its form, or, for a new record, what was typed, so nobody types it again.
 */
import { Alert, Anchor, Badge, Button, Card, Menu, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Mutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { entityByResource, type EntityDef } from '../../../shared/entities';
import { cancelSave, isFollowed, isSave, SAVE_ENTITY_KEY, type SaveEntityVariables } from '../../pwa/entity-saves';
import { formFields } from '../form/form-values';

/** Every save still on its way, oldest first. */
export function usePendingSaves(): SaveEntityVariables[] {
  return useMutationState({
    filters: { mutationKey: SAVE_ENTITY_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as SaveEntityVariables,
  }).filter(Boolean);
}

const labelOf = (def: EntityDef, save: SaveEntityVariables) => {
  const label = save.body[def.labelField];
  return typeof label === 'string' && label ? `“${label}”` : save.id !== undefined ? `#${save.id}` : 'untitled';
};

export function PendingSavesIndicator() {
  const saves = usePendingSaves();
  const navigate = useNavigate();
  /** A pending save opens its record's form, or for a new record what was typed. */
  const open = (def: EntityDef, save: SaveEntityVariables) =>
    save.id !== undefined
      ? navigate({ to: '/admin/$entity/form/$id', params: { entity: def.adminPath, id: save.id } })
      : navigate({ to: '/admin/$entity/form', params: { entity: def.adminPath }, search: { pending: save.idempotencyKey } });
  if (saves.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${saves.length} ${saves.length === 1 ? 'save' : 'saves'} waiting for the connection`}>
          <Badge color="yellow" variant="filled" size="lg">
            {`${saves.length} waiting to be saved`}
          </Badge>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Kept on this device, saved once the server can be reached</Menu.Label>
        {saves.map((save) => {
          const def = entityByResource(save.resource);
          if (!def) return null;
          return (
            <Menu.Item key={save.idempotencyKey} onClick={() => void open(def, save)}>
              {`${save.id === undefined ? 'New' : 'Changed'} ${def.formTitle.toLowerCase()} ${labelOf(def, save)}`}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A new record that waits in the outbox, opened from the header: what was typed, that it is
 * waiting, and a way to cancel it. Its form is not offered again, so it is never made twice.
 */
export function PendingCreate({ def, pendingKey }: { def: EntityDef; pendingKey: string }) {
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState(false);
  const save = usePendingSaves().find((s) => s.idempotencyKey === pendingKey);
  if (cancelled) {
    return (
      <Alert color="gray" role="status" title="Cancelled">
        This new {def.formTitle.toLowerCase()} was not saved, and will not be.
      </Alert>
    );
  }
  if (!save) {
    return (
      <Alert color="green" role="status" title="Saved">
        This {def.formTitle.toLowerCase()} has reached the server.{' '}
        <Anchor component={Link} to={`/admin/${def.adminPath}`}>
          See it in the list
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
      <Alert color="yellow" role="status" title="Waiting for connection…">
        This new {def.formTitle.toLowerCase()} is kept on this device and will be saved once, as soon as the server can be
        reached.
      </Alert>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          What was typed
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {shown.map(([name, field]) => (
            <div key={name}>
              <Text size="sm" fw={600}>
                {field.label}
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
          Cancel this save
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
        title: `Saved: ${save.id === undefined ? 'new' : 'changed'} ${def?.formTitle.toLowerCase() ?? save.resource}`,
        message: def ? `${labelOf(def, save)} reached the server.` : undefined,
      });
    };
    const cache = queryClient.getMutationCache();
    cache.getAll().forEach(tell);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') tell(event.mutation);
    });
  }, [queryClient]);
}
