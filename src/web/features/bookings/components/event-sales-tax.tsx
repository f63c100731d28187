import { useState, type FormEvent } from 'react';
import type { BookingDto } from '@contract/bookings';
import { parseDecimalToCents } from '@core/money';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useSetEventSalesTax } from '../api/set-event-sales-tax';

const RATE = /^\d{1,2}(?:\.\d{1,2})?$/;

/**
 * One event's sales-tax rate when it differs from the truck's profile (another city or county,
 * docs/decisions/189-sales-tax.md). New orders pay it; orders already placed keep theirs.
 */
export function EventSalesTax({ event }: { event: BookingDto['event'] }) {
  const own = event.salesTaxBasisPoints;
  const [rate, setRate] = useState(own === null ? '' : (own / 100).toFixed(2));
  const [error, setError] = useState<string>();
  const save = useSetEventSalesTax(event.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = rate.trim().replace(/%$/, '');
    if (text === '') {
      save.mutate(null, { onSuccess: () => toast({ title: 'This event uses your profile’s rate' }) });
      return;
    }
    const basisPoints = RATE.test(text) ? parseDecimalToCents(text) : NaN;
    if (!(basisPoints >= 0 && basisPoints <= 2500)) {
      setError('Enter a rate from 0 to 25, like 8.25, or leave it empty for your profile’s rate');
      return;
    }
    setError(undefined);
    save.mutate(basisPoints, { onSuccess: () => toast({ title: 'Sales tax saved for this event' }) });
  };
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted">
        Sales tax: {own === null ? 'your profile’s rate' : `${(own / 100).toFixed(2)}% for this event`}
      </summary>
      <form noValidate onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <FormField label="Rate for this event (%)" error={error} className="min-w-0 flex-1">
          <Input
            inputMode="decimal"
            value={rate}
            placeholder="Profile rate"
            onChange={(e) => setRate(e.target.value)}
            maxLength={6}
          />
        </FormField>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save
        </Button>
      </form>
    </details>
  );
}
