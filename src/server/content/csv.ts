/**
 * CSV as spreadsheets read it (RFC 4180, UTF-8 with a byte-order mark so Excel sees the accents).
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe: a visitor's "name" must not become a formula on staff's machine.
 */
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** What a CSV download answers with: the file, named `<what>-<site>-<date>.csv`, never kept on the way. */
export function sendCsv(
  reply: FastifyReply,
  what: string,
  appKey: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${what}-${appKey}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(toCsv(headers, rows));
}

/**
 * Reads CSV as `toCsv` writes it and spreadsheets save it (RFC 4180: quoted cells, doubled quotes,
 * CRLF or LF, a byte-order mark), into rows of cells with the line each row starts on. A cell
 * `toCsv` guarded with an apostrophe is not unguarded: what it holds was never a formula to run.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  const source = text.replace(/^\uFEFF/, '');
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let rowHasText = false;
  const endRow = () => {
    cells.push(cell);
    if (rowHasText || cells.length > 1 || cell !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
    rowHasText = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      rowHasText = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      rowHasText = true;
    } else if (char === '\r' && source[i + 1] === '\n') continue;
    else if (char === '\n' || char === '\r') {
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0 || rowHasText) endRow();
  return rows;
}
