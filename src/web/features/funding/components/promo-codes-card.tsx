import { useState, type FormEvent } from 'react';
import { asCurrency, minorToDecimal } from '@core/currency';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { eventMoney, parseTypedAmount } from '@web/lib/event-money';
import { currencySign } from '@web/lib/format-money';
import { useLanguage, useT } from '@web/lib/i18n';
import { useCreatePromoCode, usePromoCodes, useSwitchPromoCode } from '../api/funding';

/**
 * The organizer's promo codes for one event (docs/decisions/222-promo-codes.md): make one (a
 * percentage or an amount off, optional uses and expiry), see each with its uses, switch one off or on.
 */
export function PromoCodesCard({
  eventId,
  currency: eventCurrency,
}: {
  eventId: number;
  /** The event's currency: an amount off is typed and shown in it (USD when not given). */
  currency?: string;
}) {
  const t = useT('app');
  const money = eventMoney(asCurrency(eventCurrency), useLanguage());
  const amountInvalid =
    money.currency === 'USD'
      ? t('fundingTools.amountInvalid')
      : t('fundingTools.amountInvalidIn', {
          currency: money.currency,
          example: minorToDecimal(250, money.currency),
        });
  const amountOffLabel =
    money.currency === 'USD'
      ? t('fundingTools.amountOff')
      : t('fundingTools.amountOffIn', { currency: currencySign(money.currency) });
  const codes = usePromoCodes(eventId);
  const create = useCreatePromoCode(eventId);
  const switchCode = useSwitchPromoCode(eventId);
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [off, setOff] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = off.trim();
    // In the event's currency: "2.50" dollars or euros, "200" yen.
    const amountOff = parseTypedAmount(value, money.currency, 5);
    if (kind === 'amount' && !amountOff) return setError(amountInvalid);
    if (kind === 'percent' && !/^\d{1,3}$/.test(value)) return setError(t('fundingTools.percentInvalid'));
    setError(undefined);
    create.mutate(
      {
        code,
        ...(kind === 'percent' ? { percentOff: Number(value) } : { amountOffCents: amountOff! }),
        ...(maxUses.trim() ? { maxUses: Number(maxUses) } : {}),
        ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      },
      {
        onSuccess: (made) => {
          toast({
            title: t('fundingTools.codeMadeTitle'),
            description: t('fundingTools.codeMade', { code: made.code }),
          });
          setCode('');
          setOff('');
          setMaxUses('');
          setExpires('');
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t('fundingTools.failed')),
      },
    );
  }

  return (
    <section
      aria-labelledby="promo-codes-heading"
      className="rounded-card border border-line bg-white p-4 shadow-card"
    >
      <h2 id="promo-codes-heading" className="text-xl font-semibold">
        {t('fundingTools.codesHeading')}
      </h2>
      <p className="text-sm text-muted">{t('fundingTools.codesIntro')}</p>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
        <FormField label={t('fundingTools.code')} hint={t('fundingTools.codeHint')}>
          <Input value={code} onChange={(e) => setCode(e.target.value)} maxLength={32} required />
        </FormField>
        <fieldset className="space-y-1">
          <legend className="mb-1.5 text-sm font-semibold">{t('fundingTools.discount')}</legend>
          <div className="flex gap-3 text-sm">
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="kind"
                checked={kind === 'percent'}
                onChange={() => setKind('percent')}
              />
              {t('fundingTools.percentOff')}
            </label>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="kind"
                checked={kind === 'amount'}
                onChange={() => setKind('amount')}
              />
              {amountOffLabel}
            </label>
          </div>
          <Input
            aria-label={kind === 'percent' ? t('fundingTools.percentOff') : amountOffLabel}
            inputMode="decimal"
            value={off}
            onChange={(e) => setOff(e.target.value)}
          />
        </fieldset>
        <FormField label={t('fundingTools.maxUses')}>
          <Input inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
        </FormField>
        <FormField label={t('fundingTools.expires')}>
          <Input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </FormField>
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('fundingTools.makeCode')}
          </Button>
        </div>
      </form>
      {codes.data && codes.data.codes.length > 0 && (
        <ul className="mt-4 divide-y divide-line" aria-label={t('fundingTools.codesHeading')}>
          {codes.data.codes.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-mono font-semibold">{c.code}</p>
                <p className="text-sm text-muted">
                  {c.percentOff !== null
                    ? t('fundingTools.percentTerms', { percent: c.percentOff })
                    : t('fundingTools.amountTerms', { amount: money.format(c.amountOffCents ?? 0) })}{' '}
                  ·{' '}
                  {c.maxUses === null
                    ? t('fundingTools.usesUnlimited', { uses: c.uses })
                    : t('fundingTools.uses', { uses: c.uses, max: c.maxUses })}
                  {c.active ? '' : ` · ${t('fundingTools.off')}`}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={switchCode.isPending}
                aria-label={
                  c.active
                    ? t('fundingTools.switchOffCode', { code: c.code })
                    : t('fundingTools.switchOnCode', { code: c.code })
                }
                onClick={() => switchCode.mutate({ codeId: c.id, active: !c.active })}
              >
                {c.active ? t('fundingTools.switchOff') : t('fundingTools.switchOn')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
