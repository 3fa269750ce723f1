/**
 * The one table of the back-office: records lists, the Trash, the activity log, webhook
 * deliveries and API tokens. Columns say their heading and how a row fills their cell; a list
 * with no rows says so across the whole width; wide tables scroll sideways on a phone.
 */
import { Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

export interface DataColumn<R> {
  /** The heading (also the column's key). */
  label: ReactNode;
  key: string;
  cell: (row: R, index: number) => ReactNode;
  width?: number;
  /** `row-actions`: the buttons' column, which keeps its place when the table scrolls. */
  className?: string;
  style?: CSSProperties;
}

interface Props<R> {
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** What an empty list says ('No Data Found', 'The Trash is empty'). */
  empty: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Names the table for assistive technology, when the page has more than one. */
  label?: string;
}

export function DataTable<R>({ columns, rows, rowKey, empty, minWidth, label }: Props<R>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width} className={column.className}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} className={column.className} style={column.style}>
                    {column.cell(row, index)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
