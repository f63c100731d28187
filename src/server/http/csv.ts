import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

type Cell = string | number | null;

/**
 * A text cell that starts like a formula (=, +, -, @, tab, CR) is prefixed with an apostrophe, so a
 * diner named "=HYPERLINK(…)" stays text when the truck opens the file in a spreadsheet (OWASP CSV injection).
 */
function neutralize(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function toCsv(columns: string[], rows: Cell[][]): string {
  return stringify(
    rows.map((row) => row.map(neutralize)),
    { header: true, columns },
  );
}

/** Sends CSV as a download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '-')}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}
