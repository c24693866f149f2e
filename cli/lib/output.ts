// What list commands print: one JSON document (--json, for scripts) or a table aligned by display width, so that
// Japanese full-width text (2 columns each in a terminal, East Asian Width) lines up with ASCII. Paged lists take
// `--page` through pageOption (1 to MAX_LIST_PAGE, said in the message) and end in printPage: a page past the
// last one is a refusal naming how many pages there are (exit 1), in both forms, never an empty table.
import { InvalidArgumentError } from 'commander';
import stringWidth from 'string-width';
import * as ja from '#src/i18n/ja';
import { MAX_ID, MAX_LIST_PAGE, parseId } from '#src/lib/isomorphic/ids';
import { CliRefusal } from './refusals';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  align?: 'left' | 'right';
}

/** The whole result as one JSON document on stdout, nothing else there. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  // A table row is one line: newlines and tabs in free text become spaces.
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, width - stringWidth(text)));
  return align === 'right' ? gap + text : text + gap;
}

/** Cuts a cell to `max` display columns with an ellipsis (long inquiry texts in a list). */
export function truncate(text: string, max: number): string {
  if (stringWidth(text) <= max) return text;
  let out = '';
  for (const char of text) {
    if (stringWidth(out + char) > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

/** The table as lines (header, rule, rows), columns separated by two spaces. */
function formatTable<Row>(columns: Column<Row>[], rows: Row[]): string[] {
  const cells = rows.map((row) => columns.map((c) => cell(c.value(row))));
  const widths = columns.map((c, i) => Math.max(stringWidth(c.header), ...cells.map((r) => stringWidth(r[i]))));
  const line = (values: string[]) =>
    values
      .map((v, i) => pad(v, widths[i], columns[i].align ?? 'left'))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
}

export function printTable<Row>(columns: Column<Row>[], rows: Row[], footer?: string): void {
  if (rows.length === 0) {
    process.stdout.write(`${ja.cli.noData}\n`);
  } else {
    process.stdout.write(`${formatTable(columns, rows).join('\n')}\n`);
  }
  if (footer) process.stdout.write(`${footer}\n`);
}

/**
 * An id argument (`<id>`, `<batch>`) by the one id rule (`parseId`: 1 to MAX_ID, what an integer column holds), else a
 * refusal naming the argument and that range instead of "not found".
 */
export function idArgument(value: string): string {
  const id = parseId(value.trim());
  if (id === null) throw new InvalidArgumentError(ja.cliFailures.numberRange(MAX_ID));
  return String(id);
}

/** commander's parser for `--page <n>`: a whole number from 1 to MAX_LIST_PAGE, else the range in the message. */
export function pageOption(value: string): string {
  const trimmed = value.trim();
  if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_LIST_PAGE) {
    throw new InvalidArgumentError(ja.cliFailures.numberRange(MAX_LIST_PAGE));
  }
  return String(Number(trimmed));
}

export interface PageMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
}

/**
 * One page of a list (a table with its page footer, or the JSON document); refused when the page asked (`--page`)
 * is past the last page. The API answers such a page with the last one (src/lib/paging.ts, `current_page` says
 * which), so the page asked is compared too: the CLI refuses rather than print a page the operator did not ask for.
 */
export function printPage<Row>(columns: Column<Row>[], rows: Row[], meta: PageMeta, json: unknown, asked: string | number): void {
  const page = Number(asked);
  if (page > meta.current_page || meta.current_page > meta.total_pages) {
    throw new CliRefusal(ja.cliFailures.pagePastEnd(Math.max(page, meta.current_page), meta.total_pages, meta.total_count));
  }
  if (json !== undefined) printJson(json);
  else printTable(columns, rows, ja.cli.pageFooter(meta.current_page, meta.total_pages, meta.total_count));
}
