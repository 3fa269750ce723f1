import { Alert, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { Conflict, Side } from '../../../../machines/entity-form';
import type { EntityDef } from '../../../shared/entities';
import { fieldText } from './field-text';

interface Props {
  def: EntityDef;
  conflict: Conflict;
  onChoose: (field: string, side: Side) => void;
  onChooseAll: (side: Side) => void;
  onSave: () => void;
}

/**
 * Someone else saved the record while it was open here: each differing field, the user's value
 * against the saved one, with a choice per field or for all; Save stores the chosen values on the
 * saved version. Nothing is overwritten until the user chooses.
 */
export function ConflictPanel({ def, conflict, onChoose, onChooseAll, onSave }: Props) {
  const { savedBy } = conflict;
  const who = savedBy ? `${savedBy.name ?? 'someone'} at ${dayjs(savedBy.at).format('YYYY-MM-DD HH:mm')}` : 'someone else';
  return (
    <Alert color="orange" role="alert" title={`Saved by ${who} while you were editing`}>
      <Stack gap="sm">
        <Text size="sm">Choose, for each field that differs, which value to keep. Nothing is saved until you press Save.</Text>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Yours</Table.Th>
              <Table.Th>{`Saved by ${savedBy?.name ?? 'someone else'}`}</Table.Th>
              <Table.Th>Keep</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflict.fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{def.fields[field]?.label ?? field}</Table.Th>
                <Table.Td>{fieldText(def, field, conflict.yours[field])}</Table.Td>
                <Table.Td>{fieldText(def, field, conflict.theirs[field])}</Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
                    aria-label={`Keep which ${def.fields[field]?.label ?? field}`}
                    value={conflict.choices[field]}
                    onChange={(side) => onChoose(field, side as Side)}
                    data={[
                      { value: 'yours', label: 'Yours' },
                      { value: 'theirs', label: 'Saved' },
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {conflict.fields.length === 0 && <Text size="sm">The saved record already holds your changes.</Text>}
        <Group>
          <Button variant="default" size="xs" onClick={() => onChooseAll('yours')}>
            Keep all mine
          </Button>
          <Button variant="default" size="xs" onClick={() => onChooseAll('theirs')}>
            Take all saved
          </Button>
          <Button size="xs" onClick={onSave}>
            Save these choices
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
