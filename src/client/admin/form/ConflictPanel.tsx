import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Segments } from '../Segments';
import { formatTime } from '../format-time';
import type { Conflict, Side } from '../../../../machines/entity-form';
import type { EntityDef } from '../../../shared/entities';
import { fieldText } from './field-text';
import { useAdminText } from '../i18n';

interface Choosing {
  onChoose: (field: string, side: Side) => void;
  onChooseAll: (side: Side) => void;
  onSave: () => void;
}

/** Only shown: nothing to choose (a review step refused as stale, ReviewPanel.tsx), in the caller's words. */
interface Showing {
  title: string;
  text: string;
  /** What "yours" was: the version the refused step was made on. */
  yoursLabel: string;
  actions: ReactNode;
}

type Props = { def: EntityDef; conflict: Conflict } & (Choosing | Showing);

/**
 * Someone else saved the record while it was open here: each differing field, the user's value
 * against the saved one, with a choice per field or for all; Save stores the chosen values on the
 * saved version. Nothing is overwritten until the user chooses. Without choices (`Showing`), the
 * same comparison for a review step refused because the record changed since it was made.
 */
export function ConflictPanel(props: Props) {
  const { def, conflict } = props;
  const choosing = 'onSave' in props ? props : null;
  const showing = 'onSave' in props ? null : props;
  const { t, term } = useAdminText();
  const { savedBy } = conflict;
  const who = savedBy
    ? t('conflict.who', { name: savedBy.name ?? t('conflict.someone'), at: formatTime(savedBy.at, 'YYYY-MM-DD HH:mm') })
    : t('conflict.someoneElse');
  const labelOf = (field: string) => term(def.fields[field]?.label ?? field);
  return (
    <Alert color="orange" role="alert" title={showing?.title ?? t('conflict.title', { who })}>
      <Stack gap="sm">
        <Text size="sm">{showing?.text ?? t('conflict.text')}</Text>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.field')}</Table.Th>
              <Table.Th>{showing?.yoursLabel ?? t('conflict.yours')}</Table.Th>
              <Table.Th>{t('conflict.savedBy', { name: savedBy?.name ?? t('conflict.someoneElse') })}</Table.Th>
              {choosing && <Table.Th>{t('conflict.keep')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflict.fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{labelOf(field)}</Table.Th>
                <Table.Td>{fieldText(def, field, conflict.yours[field])}</Table.Td>
                <Table.Td>{fieldText(def, field, conflict.theirs[field])}</Table.Td>
                {choosing && (
                  <Table.Td>
                    <Segments<Side>
                      label={t('conflict.keepWhich', { field: labelOf(field) })}
                      value={conflict.choices[field]!}
                      onChange={(side) => choosing.onChoose(field, side)}
                      data={[
                        { value: 'yours', label: t('conflict.yours') },
                        { value: 'theirs', label: t('conflict.saved') },
                      ]}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {conflict.fields.length === 0 && <Text size="sm">{t('conflict.same')}</Text>}
        {choosing ? (
          <Group>
            <Button variant="default" size="xs" onClick={() => choosing.onChooseAll('yours')}>
              {t('conflict.keepMine')}
            </Button>
            <Button variant="default" size="xs" onClick={() => choosing.onChooseAll('theirs')}>
              {t('conflict.takeSaved')}
            </Button>
            <Button size="xs" onClick={choosing.onSave}>
              {t('conflict.save')}
            </Button>
          </Group>
        ) : (
          <Group>{showing!.actions}</Group>
        )}
      </Stack>
    </Alert>
  );
}
