/**
 * CSV as spreadsheets read it (RFC 4180): fields joined by commas, rows by CRLF; a field holding a comma, a quote,
 * a CR or an LF is quoted, its quotes doubled. A text field starting with `=`, `+`, `-`, `@`, a tab or a CR is a
 * formula to Excel, LibreOffice and Google Sheets (CSV injection, OWASP): it gets a leading `'` so it stays text.
 * Numbers are written as numbers (a negative one is not a formula). Pure: unit-tested beside it.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: a header row, then the rows; ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
