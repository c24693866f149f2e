// CSV per RFC 4180 (the inquiry export). Isomorphic, no dependencies.
//  - A field is quoted when it holds a comma, a double quote, CR or LF; quotes inside are doubled.
//  - Formula injection (OWASP "CSV Injection"): a text cell that begins with =, +, -, @, tab or CR would be run
//    as a formula by Excel or LibreOffice; it is prefixed with a single quote so it is shown as text.
//  - Records end with CRLF (RFC 4180, and what Excel expects) or LF.

const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a cell that a spreadsheet would read as a formula with `'`. */
function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field. Text is neutralized; numbers are written as they are (they are data, never user text). */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: (string | number | null | undefined)[], eol: '\r\n' | '\n'): string {
  return values.map(csvField).join(',') + eol;
}

/** The UTF-8 byte order mark: Excel in Japan reads a CSV as Shift_JIS unless the file starts with it. */
export const UTF8_BOM = '\uFEFF';
