import { useState } from 'react';
import { minorToDecimal } from '@core/currency';
import { currencyLimits } from '@core/currency-limits';
import { TIP_PERCENTS, tipCentsOf, type TipChoice } from '@core/tips-and-tax';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useT, type Translate } from '@web/lib/i18n';
import { parseTypedAmount, useEventMoney, type EventMoney } from '@web/lib/event-money';

type Option = 'none' | `${(typeof TIP_PERCENTS)[number]}` | 'other';

/**
 * "5", "5.5" or "$5.50" typed by a diner ("500" in yen) → a tip in the event currency's minor units, or
 * the sentence that says what is wrong.
 */
function parseTipAmount(
  text: string,
  money: EventMoney,
  t: Translate,
): { cents: number } | { error: string } {
  const cents = parseTypedAmount(text, money.currency, 6);
  if (cents === null) {
    return {
      error:
        money.currency === 'USD'
          ? t('checkout.tipInvalid')
          : t('checkout.tipInvalidIn', {
              currency: money.currency,
              example: minorToDecimal(550, money.currency),
            }),
    };
  }
  // The largest tip of the event's currency ($500.00, ¥75,000), as the server holds it.
  const { tipMax } = currencyLimits(money.currency);
  if (cents > tipMax) return { error: t('checkout.tipTooLarge', { max: money.format(tipMax) }) };
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
  const money = useEventMoney();
  const [other, setOther] = useState(() =>
    tip && 'amountCents' in tip ? minorToDecimal(tip.amountCents, money.currency) : '',
  );
  const selected: Option = !tip ? 'none' : 'percent' in tip ? `${tip.percent}` : 'other';
  const typeAmount = (text: string) => {
    setOther(text);
    const parsed = parseTipAmount(text, money, t);
    if ('error' in parsed) onTipChange({ amountCents: 0 }, parsed.error);
    else onTipChange({ amountCents: parsed.cents });
  };
  const options: Array<{ value: Option; label: string }> = [
    { value: 'none', label: t('checkout.noTip') },
    ...TIP_PERCENTS.map((percent) => ({
      value: `${percent}` as Option,
      label: `${percent}% · ${money.format(tipCentsOf({ percent }, foodCents))}`,
    })),
    { value: 'other', label: t('checkout.otherTip') },
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
        <FormField
          label={
            money.currency === 'USD'
              ? t('checkout.tipAmount')
              : t('checkout.tipAmountIn', { currency: money.currency })
          }
          error={error}
        >
          <Input
            inputMode="decimal"
            value={other}
            onChange={(e) => typeAmount(e.target.value)}
            placeholder={minorToDecimal(500, money.currency)}
            maxLength={10}
          />
        </FormField>
      )}
      <p className="text-xs text-muted">{t('checkout.allOfItGoes')}</p>
    </fieldset>
  );
}
