import { useState, type FormEvent } from 'react';
import { asCurrency, minorToDecimal } from '@core/currency';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { ImageInput } from '@web/components/ui/image-input';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { eventMoney, parseTypedAmount } from '@web/lib/event-money';
import { currencySign } from '@web/lib/format-money';
import { useLanguage, useT } from '@web/lib/i18n';
import {
  useAddOutsideSponsor,
  useHideSponsor,
  useOrganizerSponsors,
  useSetSponsorMinimum,
} from '../api/funding';

/**
 * The organizer's sponsors for one event (docs/decisions/223-gifts-and-sponsors.md): the least gift
 * that names a sponsor, every sponsor with whether the page shows it, hide or show one, and a sponsor
 * who paid outside the app (no money moves).
 */
export function SponsorsCard({
  eventId,
  currency: eventCurrency,
}: {
  eventId: number;
  /** The event's currency: the minimum is typed and shown in it (USD when not given). */
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
  const sponsors = useOrganizerSponsors(eventId);
  const setMinimum = useSetSponsorMinimum(eventId);
  const hide = useHideSponsor(eventId);
  const add = useAddOutsideSponsor(eventId);
  const [minimum, setMinimumText] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [logo, setLogo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const current = sponsors.data?.sponsorMinCents ?? null;
  const minimumText = minimum ?? (current === null ? '' : minorToDecimal(current, money.currency));

  function saveMinimum(event: FormEvent) {
    event.preventDefault();
    // In the event's currency: "20.50" dollars or euros, "2000" yen (none: no sponsors with gifts).
    const minor = minimumText.trim() === '' ? null : parseTypedAmount(minimumText, money.currency, 6);
    if (minor === null && minimumText.trim() !== '') return setError(amountInvalid);
    setError(undefined);
    setMinimum.mutate(minor, {
      onSuccess: () => setMinimumText(null),
      onError: (e) => setError(e instanceof ApiError ? e.message : t('fundingTools.failed')),
    });
  }

  function addSponsor(event: FormEvent) {
    event.preventDefault();
    add.mutate(
      { name, url: url.trim() || null, logo },
      {
        onSuccess: () => {
          setName('');
          setUrl('');
          setLogo(null);
          setError(undefined);
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t('fundingTools.failed')),
      },
    );
  }

  return (
    <section
      aria-labelledby="sponsors-tools-heading"
      className="rounded-card border border-line bg-white p-4 shadow-card"
    >
      <h2 id="sponsors-tools-heading" className="text-xl font-semibold">
        {t('fundingTools.sponsorsHeading')}
      </h2>
      <form onSubmit={saveMinimum} className="mt-3 flex flex-wrap items-end gap-3">
        <FormField
          label={
            money.currency === 'USD'
              ? t('fundingTools.sponsorMinimum')
              : t('fundingTools.sponsorMinimumIn', { currency: currencySign(money.currency) })
          }
          hint={t('fundingTools.sponsorMinimumHint')}
        >
          <Input inputMode="decimal" value={minimumText} onChange={(e) => setMinimumText(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={setMinimum.isPending}>
          {t('fundingTools.saveMinimum')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {sponsors.data && sponsors.data.sponsors.length > 0 && (
        <ul className="mt-4 divide-y divide-line" aria-label={t('fundingTools.sponsorsHeading')}>
          {sponsors.data.sponsors.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-semibold">{s.name}</p>
                <p className="text-sm text-muted">
                  {s.kind === 'gift'
                    ? t('fundingTools.sponsorGift', { amount: money.format(s.giftCents ?? 0) })
                    : t('fundingTools.sponsorOutside')}
                  {' · '}
                  {s.shown
                    ? t('fundingTools.shown')
                    : s.hidden
                      ? t('fundingTools.hidden')
                      : t('fundingTools.notCharged')}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={hide.isPending}
                aria-label={
                  s.hidden
                    ? t('fundingTools.showSponsor', { name: s.name })
                    : t('fundingTools.hideSponsor', { name: s.name })
                }
                onClick={() => hide.mutate({ sponsorId: s.id, hidden: !s.hidden })}
              >
                {s.hidden ? t('fundingTools.show') : t('fundingTools.hide')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={addSponsor} className="mt-4 grid gap-3 sm:grid-cols-2">
        <h3 className="text-base font-semibold sm:col-span-2">{t('fundingTools.addOutside')}</h3>
        <FormField label={t('fundingTools.sponsorName')}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        </FormField>
        <FormField label={t('fundingTools.sponsorLink')}>
          <Input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            maxLength={300}
            placeholder="https://"
          />
        </FormField>
        <div className="sm:col-span-2">
          <ImageInput
            label={t('fundingTools.sponsorLogo')}
            previewAlt={t('fundingTools.sponsorLogoAlt')}
            value={logo}
            onChange={setLogo}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending || !name.trim()}>
            {t('fundingTools.addSponsor')}
          </Button>
        </div>
      </form>
    </section>
  );
}
