import { useState, type FormEvent } from 'react';
import type { UserDto } from '@contract/auth';
import { parseDecimalToCents } from '@core/money';
import { TitledCard } from '@web/components/ui/page-header';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { useUpdateSalesTax } from '../api/update-profile';

const RATE = /^\d{1,2}(?:\.\d{1,2})?$/;
/** 25.00%, as the server allows (MAX_SALES_TAX_BASIS_POINTS); not imported, so the event page's chunks stay as they are. */
export const MAX_SALES_TAX_BASIS_POINTS = 2500;

/**
 * The truck's sales tax (docs/decisions/189-sales-tax.md): a rate in percent with up to two decimals,
 * kept as basis points, and whether it applies to the food and/or the organizer's markup. Diners see
 * it as its own line before paying; it is paid to the truck, which remits it.
 */
export function SalesTaxForm({ user }: { user: UserDto }) {
  const t = useT('app');
  const [rate, setRate] = useState(() => (user.salesTax.basisPoints / 100).toFixed(2));
  const [onFood, setOnFood] = useState(user.salesTax.onFood);
  const [onMarkup, setOnMarkup] = useState(user.salesTax.onMarkup);
  const [error, setError] = useState<string>();
  const save = useUpdateSalesTax(user.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = rate.trim().replace(/%$/, '');
    const basisPoints = RATE.test(text) ? parseDecimalToCents(text) : NaN;
    if (!(basisPoints >= 0 && basisPoints <= MAX_SALES_TAX_BASIS_POINTS)) {
      setError(t('trucks.tax.invalid'));
      return;
    }
    setError(undefined);
    save.mutate(
      { basisPoints, onFood, onMarkup },
      { onSuccess: () => toast({ title: t('trucks.tax.saved') }) },
    );
  };
  return (
    <TitledCard title={t('trucks.tax.title')}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <FormField label={t('trucks.tax.rate')} error={error} hint={t('trucks.tax.hint')}>
          <Input inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} maxLength={6} />
        </FormField>
        <fieldset className="space-y-1 text-sm">
          <legend className="mb-1 font-semibold text-ink">{t('trucks.tax.chargedOn')}</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={onFood} onChange={(e) => setOnFood(e.target.checked)} />
            {t('trucks.tax.onFood')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={onMarkup} onChange={(e) => setOnMarkup(e.target.checked)} />
            {t('trucks.tax.onMarkup')}
          </label>
        </fieldset>
        <SubmitButton pending={save.isPending} pendingLabel={t('trucks.tax.saving')}>
          {t('trucks.tax.save')}
        </SubmitButton>
      </form>
    </TitledCard>
  );
}
