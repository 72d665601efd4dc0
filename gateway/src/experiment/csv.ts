/** CSV as RFC 4180 writes it: a header row, a field quoted when it holds a comma, quote or line break. */

export type CsvField = string | number | null;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvField[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: CsvField): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
