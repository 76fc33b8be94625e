import ExcelJS from 'exceljs';

// One table, two files (decision 041): a CSV (RFC 4180, CRLF, UTF-8) and an XLSX workbook of one
// sheet. Money is kept in pence to the last step and written as pounds with two decimals, from
// integers (no float rounding in the CSV); in the workbook a number with the format 0.00.

type Cell = string | number | boolean | null;

type ReportColumn = { header: string; kind: 'text' | 'money' | 'count' | 'boolean' };

export type ReportTable = {
  /** The sheet's name (at most 31 characters). */
  title: string;
  columns: readonly ReportColumn[];
  rows: readonly (readonly Cell[])[];
  /** A last row of totals, when the report has one. */
  totals?: readonly Cell[];
};

/** Pence as pounds with two decimals, from the integer: -1234 → "-12.34". */
function poundsText(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell a spreadsheet would not run as a formula: one starting with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe (OWASP's CSV injection advice).
 */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cellText(value: Cell, column: ReportColumn | undefined): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number')
    return column?.kind === 'money' ? poundsText(value) : String(value);
  return safeText(value);
}

const csvField = (text: string) =>
  /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

/** The table as CSV text: a header line, the rows, then the totals. */
export function toCsv(table: ReportTable): string {
  const lines = [
    table.columns.map((column) => csvField(column.header)),
    ...[...table.rows, ...(table.totals ? [table.totals] : [])].map((row) =>
      row.map((value, index) => csvField(cellText(value, table.columns[index]))),
    ),
  ];
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

function xlsxValue(value: Cell, column: ReportColumn | undefined): ExcelJS.CellValue {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return column?.kind === 'money' ? value / 100 : value;
  return value;
}

/** The table as an XLSX workbook of one sheet (header row bold and frozen, totals bold). */
export async function toXlsx(table: ReportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Motor insurance';
  const sheet = workbook.addWorksheet(table.title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
    ...(column.kind === 'money' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(row.map((value, index) => xlsxValue(value, table.columns[index])));
  }
  if (table.totals) {
    const totals = sheet.addRow(
      table.totals.map((value, index) => xlsxValue(value, table.columns[index])),
    );
    totals.font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
