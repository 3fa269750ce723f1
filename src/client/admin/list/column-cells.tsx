/**
 * Column format → table cell. A new format is one function here and one word in define.ts.
 * Cuts ('...') and the empty marker ('--') come from the column definition (spec §2.2).
 */
import { Badge, Tooltip } from '@mantine/core';
import { formatTime } from '../format-time';
import type { ReactNode } from 'react';
import type { ColumnDef, ColumnFormat, EntityDef } from '../../../shared/entities';
import { truncate } from '../../../shared/limits';
import { thumbnailUrl } from '../../../shared/renditions';
import type { Row } from '../api/entity-queries';
import { StatusBadge } from './StatusBadge';
import { useAdminText } from '../i18n';

const DEFAULT_EMPTY = '';

/** A word of the definitions in the user's language. */
function Term({ word }: { word: string }) {
  const { term } = useAdminText();
  return term(word);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function textOf(column: ColumnDef, row: Row): string {
  if (column.join) {
    return column.join
      .map((field) => row[field])
      .filter((v) => !isEmpty(v))
      .map(String)
      .join(' ');
  }
  const value = row[column.field];
  return isEmpty(value) ? '' : String(value);
}

type CellRenderer = (text: string, column: ColumnDef, row: Row, def?: EntityDef) => ReactNode;

const CELLS: Record<ColumnFormat, CellRenderer> = {
  text: (text, column) => {
    const cut = column.truncate ? truncate(text, column.truncate) : text;
    if (cut === text) return text;
    // What the spec's display rule cuts shows in full on hover, on focus and on touch.
    return (
      <Tooltip label={text} multiline maw={420} events={{ hover: true, focus: true, touch: true }} openDelay={250}>
        <span tabIndex={0}>{cut}</span>
      </Tooltip>
    );
  },
  status: (_, column, row, def) => (
    <StatusBadge value={row[column.field]} publishAt={def?.publishedFrom ? row[def.publishedFrom] : undefined} />
  ),
  brackets: (text) => `[${text}]`,
  image: (text) => <img className="admin-thumb" src={thumbnailUrl(text)} alt="" loading="lazy" />,
  datetime: (text) => formatTime(text, 'YYYY-MM-DD HH:mm'),
  choice: (text, column, _row, def) => {
    const field = def?.fields[column.field];
    const choice = field?.kind === 'select' ? field.choices.find((c) => String(c.value) === text) : undefined;
    return choice ? <Term word={choice.label} /> : text;
  },
  read: (text) =>
    text ? (
      <Badge color="var(--admin-muted)" variant="outline">
        Read
      </Badge>
    ) : (
      <Badge color="indigo.8" variant="filled">
        New
      </Badge>
    ),
};

/** `def` lets a status tell a row scheduled for later from an active one. */
export function renderCell(column: ColumnDef, row: Row, def?: EntityDef): ReactNode {
  const text = textOf(column, row);
  const format = column.format ?? 'text';
  // A status or read badge shows even for a missing value (Inactive, New); other formats need a value.
  if (text === '' && format !== 'status' && format !== 'read') return column.empty ?? DEFAULT_EMPTY;
  return CELLS[format](text, column, row, def);
}
