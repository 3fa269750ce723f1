/**
 * The bell's list, loaded when the bell is first pressed (NotificationBell.tsx): each review step
 * that concerns the signed-in person, newest first, with what happened, the record's title, who
 * did it and when (and the comment that came with it). Opening one goes to the record's form and
 * marks it read; "Mark all read" marks the rest.
 */
import { Button, Group, Popover, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cloneElement, type ReactElement, useState } from 'react';
import { entityByResource } from '../../../shared/entities';
import type { NotificationItem } from '../../../shared/notifications';
import { adminCall } from '../api/admin-call';
import { useAdminText } from '../i18n';
import type { DropdownProps } from '../layout/OnFirstPress';
import { notificationKeys, notificationsQuery } from './notification-queries';
import { useNotificationWords } from './notification-words';

// My Profile's switches take their words from here: one module fetched for both, not one more.
export { useNotificationWords };

export function NotificationList({ target, defaultOpened }: DropdownProps<object>) {
  const w = useNotificationWords();
  const [opened, setOpened] = useState<boolean>(defaultOpened);
  const list = useQuery(notificationsQuery);
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);
  // A plain call rather than a mutation hook: this module is fetched by the bell, and every module
  // it names is listed in each signed-in screen's first load.
  const markRead = (body: { ids: number[] } | { all: true }) => {
    setMarking(true);
    adminCall('notifications/read', { method: 'POST', body })
      .catch((error: unknown) =>
        notifications.show({ color: 'red', title: w('markFailed'), message: error instanceof Error ? error.message : '' }),
      )
      .finally(() => {
        setMarking(false);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all, exact: true });
      });
  };
  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? 0;
  return (
    <Popover position="bottom-end" width={360} withArrow shadow="md" opened={opened} onChange={setOpened} trapFocus>
      <Popover.Target>
        {cloneElement(target as ReactElement<{ onClick?: () => void }>, { onClick: () => setOpened((o) => !o) })}
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb="xs" px="xs">
          <Text fw={600} size="sm" component="h2" m={0}>
            {w('title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={marking}
            onClick={() => markRead({ all: true })}
          >
            {w('markAll')}
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="xs" pb="xs">
            {list.isPending ? w('loading') : w('none')}
          </Text>
        ) : (
          <div style={{ maxHeight: 420, overflowY: 'auto' }}>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => (
                <li key={item.id}>
                  <Item
                    item={item}
                    onOpen={() => {
                      setOpened(false);
                      if (!item.read_at) markRead({ ids: [item.id] });
                    }}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function Item({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { term, language } = useAdminText();
  const w = useNotificationWords();
  const def = entityByResource(item.entity);
  const unread = !item.read_at;
  const what = def ? term(def.formTitle) : item.entity;
  return (
    <UnstyledButton
      component={Link}
      to={`/admin/${def?.adminPath ?? item.entity}/form/${item.record_id}`}
      onClick={onOpen}
      data-unread={unread || undefined}
      p="xs"
      w="100%"
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="sm" fw={unread ? 700 : 500}>
        {w(`kind.${item.kind}`)}
        {unread && <VisuallyHidden>{` (${w('unread')})`}</VisuallyHidden>}
      </Text>
      <Text size="sm" lineClamp={2}>
        {`${what}: ${item.record_title || w('untitled')}`}
      </Text>
      {item.comment && (
        <Text size="sm" lineClamp={3} fs="italic">
          {`“${item.comment}”`}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {`${item.actor_name || w('someone')} · ${new Date(item.created_at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })}`}
      </Text>
    </UnstyledButton>
  );
}
