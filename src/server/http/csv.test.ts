import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** Splits RFC 4180 text into records of cells (quoted cells may hold commas, CR, LF and doubled quotes). */
function parse(csv: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return records;
}

describe('toCsv', () => {
  it('quotes every text cell, so a cell a spreadsheet would split on ; or a tab stays one', () => {
    const csv = toCsv(
      ['Name', 'Count'],
      [
        ['x;=2+2', 3],
        ['tab\t=5+5', 4],
      ],
    );
    expect(csv).toBe('"Name","Count"\r\n"x;=2+2",3\r\n"tab\t=5+5",4\r\n');
  });

  it('neutralises a formula at the start of any text cell, header to last column', () => {
    const starts = ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '＝1', '＋1', '－1', '＠1'];
    const csv = toCsv(
      starts.map((s, i) => `h${i}`),
      [starts, starts.slice().reverse()],
    );
    const [, first, second] = parse(csv);
    expect(first).toEqual(starts.map((s) => `'${s}`));
    expect(second).toEqual(
      starts
        .slice()
        .reverse()
        .map((s) => `'${s}`),
    );
  });

  it('doubles quotes, keeps line breaks inside their cell, and leaves numbers bare', () => {
    const csv = toCsv(['a', 'b', 'c', 'd'], [['say "hi"', 'two\r\nlines', -5, null]]);
    expect(csv).toBe('"a","b","c","d"\r\n"say ""hi""","two\r\nlines",-5,\r\n');
    expect(parse(csv)[1]).toEqual(['say "hi"', 'two\r\nlines', '-5', '']);
  });
});
