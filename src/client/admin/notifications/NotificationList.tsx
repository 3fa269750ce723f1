/**
 * The bell's list, loaded when the bell is first pressed (NotificationBell.tsx): each review step
 * that concerns the signed-in person, newest first, with what happened, the record's title, who
 * did it and when (and the comment that came with it). Opening one goes to the record's form and
 * marks it read; "Mark all read" marks the rest.
 */
import { Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cloneElement, type ReactElement, useState } from 'react';
import { entityByResource } from '../../../shared/entities';
import type { NotificationItem } from '../../../shared/notifications';
import { adminCall } from '../api/admin-call';
import { notifyFailure } from '../api/notify';
import { formatTime } from '../format-time';
import { useAdminText } from '../i18n';
import type { DropdownProps } from '../layout/OnFirstPress';
import { notificationKeys, notificationsQuery } from './notification-queries';

export function NotificationList({ target, defaultOpened }: DropdownProps<object>) {
  const { t } = useAdminText();
  const [opened, setOpened] = useState<boolean>(defaultOpened);
  const list = useQuery(notificationsQuery);
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) => adminCall('notifications/read', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => notifyFailure(t('notifications.markFailed'), error),
  });
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
            {t('notifications.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('notifications.markAll')}
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="xs" pb="xs">
            {list.isPending ? t('notifications.loading') : t('notifications.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <li key={item.id}>
                  <Item
                    item={item}
                    onOpen={() => {
                      setOpened(false);
                      if (!item.read_at) markRead.mutate({ ids: [item.id] });
                    }}
                  />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function Item({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { t, term } = useAdminText();
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
        {t(`notifications.kind.${item.kind}`)}
        {unread && <VisuallyHidden>{` (${t('notifications.unread')})`}</VisuallyHidden>}
      </Text>
      <Text size="sm" lineClamp={2}>
        {`${what}: ${item.record_title || t('notifications.untitled')}`}
      </Text>
      {item.comment && (
        <Text size="sm" lineClamp={3} fs="italic">
          {`“${item.comment}”`}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('notifications.byWhen', {
          who: item.actor_name || t('notifications.someone'),
          when: formatTime(item.created_at, 'YYYY-MM-DD HH:mm'),
        })}
      </Text>
    </UnstyledButton>
  );
}
