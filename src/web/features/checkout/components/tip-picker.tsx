import { useState } from 'react';
import { formatCents, parseDecimalToCents } from '@core/money';
import { MAX_TIP_CENTS, TIP_PERCENTS, tipCentsOf, type TipChoice } from '@core/tips-and-tax';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useT } from '@web/lib/i18n';

type Option = 'none' | `${(typeof TIP_PERCENTS)[number]}` | 'other';

const TIP_AMOUNT = /^\d{1,6}(?:\.\d{1,2})?$/;

/** "5", "5.5" or "$5.50" typed by a diner → a tip in cents, or the sentence that says what is wrong. */
export function parseTipAmount(text: string): { cents: number } | { error: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return { cents: 0 };
  if (!TIP_AMOUNT.test(trimmed)) return { error: 'Enter the tip in dollars and cents, like 5 or 5.50' };
  const cents = parseDecimalToCents(trimmed);
  if (cents > MAX_TIP_CENTS) return { error: `A tip can be at most ${formatCents(MAX_TIP_CENTS)}` };
  return { cents };
}

/**
 * The tip for the truck's crew (docs/decisions/188-tips.md): none, 10, 15 or 20% of the food at the
 * truck's prices, or an amount. It goes wholly to the truck and never counts toward the goal.
 */
export function TipPicker({
  foodCents,
  tip,
  onTipChange,
  error,
  disabled,
}: {
  foodCents: number;
  tip: TipChoice | undefined;
  /** The new choice, and the sentence to show when the amount typed is not one. */
  onTipChange: (tip: TipChoice | undefined, error?: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const t = useT();
  const [other, setOther] = useState(() =>
    tip && 'amountCents' in tip ? (tip.amountCents / 100).toFixed(2) : '',
  );
  const selected: Option = !tip ? 'none' : 'percent' in tip ? `${tip.percent}` : 'other';
  const typeAmount = (text: string) => {
    setOther(text);
    const parsed = parseTipAmount(text);
    if ('error' in parsed) onTipChange({ amountCents: 0 }, parsed.error);
    else onTipChange({ amountCents: parsed.cents });
  };
  const options: Array<{ value: Option; label: string }> = [
    { value: 'none', label: 'No tip' },
    ...TIP_PERCENTS.map((percent) => ({
      value: `${percent}` as Option,
      label: `${percent}% · ${formatCents(tipCentsOf({ percent }, foodCents))}`,
    })),
    { value: 'other', label: 'Other' },
  ];
  const choose = (value: Option) => {
    if (value === 'none') onTipChange(undefined);
    else if (value === 'other') typeAmount(other);
    else onTipChange({ percent: Number(value) as (typeof TIP_PERCENTS)[number] });
  };
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">{t('checkout.tipForTheCrew')}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {options.map((option) => (
          <label key={option.value} className="cursor-pointer">
            <input
              type="radio"
              name="tip"
              value={option.value}
              checked={selected === option.value}
              onChange={() => choose(option.value)}
              className="peer sr-only"
            />
            <span className="block rounded-md border border-stone-300 px-2 py-2 text-center text-sm tabular-nums peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:font-semibold peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700">
              {option.label}
            </span>
          </label>
        ))}
      </div>
      {selected === 'other' && (
        <FormField label={t('checkout.tipAmount')} error={error}>
          <Input
            inputMode="decimal"
            value={other}
            onChange={(e) => typeAmount(e.target.value)}
            placeholder="5.00"
            maxLength={10}
          />
        </FormField>
      )}
      <p className="text-xs text-muted">{t('checkout.allOfItGoes')}</p>
    </fieldset>
  );
}
