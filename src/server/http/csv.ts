import { Readable } from 'node:stream';
import { stringify as stringifyStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../core/language';
import { translator } from '../i18n';

type Cell = string | number | null;

/**
 * RFC 4180: CRLF between records, and every text cell in double quotes (a quote inside doubled), so
 * a cell such as `x;=2+2` or `tab\t=5+5` stays one cell in a spreadsheet that splits on `;` or tabs.
 * A text cell that starts like a formula (=, +, -, @, tab, CR, or their full-width forms) is also
 * prefixed with an apostrophe by `escape_formulas`, so a diner named "=HYPERLINK(…)" stays text
 * when the truck opens the file (OWASP CSV injection). Numbers are written bare.
 */
export function toCsv(columns: string[], rows: Cell[][]): string {
  return stringify(rows, { ...CSV_OPTIONS, columns });
}

const CSV_OPTIONS = {
  header: true,
  quoted_string: true,
  escape_formulas: true,
  record_delimiter: '\r\n',
} as const;

/**
 * The same CSV as `toCsv`, written as the rows arrive: an export of any length holds one batch of rows
 * in memory at a time (the stream waits while the client reads slowly).
 */
export function csvStream(columns: string[], rows: AsyncIterable<Cell[]>): Readable {
  const out = stringifyStream({ ...CSV_OPTIONS, columns });
  Readable.from(rows)
    .on('error', (error) => out.destroy(error))
    .pipe(out);
  return out;
}

/** "Refunded by the truck" → "refundedByTheTruck": a column's key in the server catalog (server:csv.*). */
const columnKey = (column: string) =>
  column.toLowerCase().replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * A file's header row in the requester's language (decision 229): English as the columns are named
 * (the spec's, unchanged), another language from server:csv by the column's name. The rows' order
 * and meaning are the same in every language.
 */
export function csvColumns(columns: readonly string[], language: Language): string[] {
  if (language === 'en') return [...columns];
  const t = translator(language);
  return columns.map((column) => t(`server:csv.${columnKey(column)}`, { defaultValue: column }));
}

/** Sends CSV as a download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string | Readable) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '-')}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}
