/*
 * CSV (RFC 4180) that a spreadsheet opens as data, for every export (the
 * leads inbox's, the Results screen's): a cell a spreadsheet would run as a
 * formula (OWASP "CSV injection": = + - @, and tab or carriage return, which
 * some apps strip before looking) gets a leading apostrophe, and a cell with
 * a comma, quote or line break is quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
