import { formatCents, parseDecimalToCents } from '../../core/money';

/** "$1,000.00" from the API's two-decimal string ("1000.00"), through integer cents. */
export function formatMoney(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '—';
  try {
    return formatCents(parseDecimalToCents(decimal));
  } catch {
    return decimal;
  }
}
