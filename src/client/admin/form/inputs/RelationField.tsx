import { Anchor, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { relationOptionsQuery } from '../../api/entity-queries';
import type { RelationField as RelationDef } from '../../../../shared/entities';
import type { FieldProps } from '../field-registry';
import { useAdminText } from '../../i18n';

/** A selector filled from another entity (up to 1000 rows); an empty choice is sent as null. */
export function RelationField({ name, field, value, error, disabled, onChange, resource, recordId }: FieldProps<RelationDef>) {
  const { t } = useAdminText();
  const relation = field.relation;
  const options = useQuery(relationOptionsQuery(relation.entity, relation.labelField));
  const selected = value === null || value === undefined || value === '' ? null : String(value);
  // A record cannot be its own parent.
  const data = (options.data ?? []).filter((o) => !(relation.entity === resource && o.value === recordId));
  if (selected && !data.some((o) => o.value === selected)) data.push({ value: selected, label: `#${selected}` });
  return (
    <Select
      name={name}
      label={field.label}
      description={
        options.isError ? (
          <>
            {t('relation.failed')}{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => void options.refetch()}>
              {t('common.retry')}
            </Anchor>
          </>
        ) : (
          field.hint
        )
      }
      placeholder={options.isPending ? t('relation.loading') : t('relation.none')}
      searchable
      clearable
      nothingFoundMessage="Nothing found"
      disabled={disabled}
      error={error}
      data={data}
      value={selected}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
