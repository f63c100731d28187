/**
 * One figure printed by `npm run bench`: what was measured, the reference it is divided by (measured in
 * the same run, so a noisy shared machine cancels out), and the goal it is held to. Benchmarks print
 * figures; they never fail a build.
 */
export interface Figure {
  /** what was measured, e.g. "GET /api/events/{id} (PostgreSQL)" */
  name: string;
  value: number;
  unit: string;
  /** value ÷ reference, when the figure is a ratio against a reference measured in the same run */
  ratio?: number;
  /** the reference's name and value, e.g. "hello route 31,204 req/s" */
  reference?: string;
  /** the goal, in words, e.g. "≥ 0.5 of hello" */
  goal: string;
  met: boolean;
  /** anything else worth printing (p99, bytes, runs) */
  detail?: string;
}

export function printFigures(section: string, figures: Figure[]): void {
  console.log(`\n${section}`);
  for (const f of figures) {
    const value = `${formatNumber(f.value)} ${f.unit}`;
    const ratio = f.ratio === undefined ? '' : `  ratio ${f.ratio.toFixed(3)}`;
    const reference = f.reference ? ` (vs ${f.reference})` : '';
    console.log(
      `  ${f.met ? '✓' : '✗'} ${f.name.padEnd(48)} ${value.padStart(16)}${ratio}${reference}   goal ${f.goal}${f.detail ? `   ${f.detail}` : ''}`,
    );
  }
}

function formatNumber(n: number): string {
  return Number.isInteger(n)
    ? n.toLocaleString('en-US')
    : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
