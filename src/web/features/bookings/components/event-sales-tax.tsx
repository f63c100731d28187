import { useState, type FormEvent } from 'react';
import type { BookingDto } from '@contract/bookings';
import { parseDecimalToCents } from '@core/money';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useLanguage, useT } from '@web/lib/i18n';
import { intlLocale } from '@core/language';
import { useSetEventSalesTax } from '../api/set-event-sales-tax';

const RATE = /^\d{1,2}(?:\.\d{1,2})?$/;

/**
 * One event's sales-tax rate when it differs from the truck's profile (another city or county,
 * docs/decisions/189-sales-tax.md). New orders pay it; orders already placed keep theirs.
 */
export function EventSalesTax({ event }: { event: BookingDto['event'] }) {
  const t = useT('app');
  const locale = intlLocale(useLanguage());
  const own = event.salesTaxBasisPoints;
  const [rate, setRate] = useState(own === null ? '' : (own / 100).toFixed(2));
  const [error, setError] = useState<string>();
  const save = useSetEventSalesTax(event.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = rate.trim().replace(/%$/, '');
    if (text === '') {
      save.mutate(null, { onSuccess: () => toast({ title: t('bookings.tax.usesProfile') }) });
      return;
    }
    const basisPoints = RATE.test(text) ? parseDecimalToCents(text) : NaN;
    if (!(basisPoints >= 0 && basisPoints <= 2500)) {
      setError(t('bookings.tax.invalid'));
      return;
    }
    setError(undefined);
    save.mutate(basisPoints, { onSuccess: () => toast({ title: t('bookings.tax.saved') }) });
  };
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted">
        {own === null
          ? t('bookings.tax.summaryProfile')
          : t('bookings.tax.summaryEvent', {
              rate: (own / 100).toLocaleString(locale, {
                minimumFractionDigits: 2,
                maximumFractionDigits: 2,
              }),
            })}
      </summary>
      <form noValidate onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <FormField label={t('bookings.tax.rateLabel')} error={error} className="min-w-0 flex-1">
          <Input
            inputMode="decimal"
            value={rate}
            placeholder={t('bookings.tax.placeholder')}
            onChange={(e) => setRate(e.target.value)}
            maxLength={6}
          />
        </FormField>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {t('bookings.tax.save')}
        </Button>
      </form>
    </details>
  );
}
