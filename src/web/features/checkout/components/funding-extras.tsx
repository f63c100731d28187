import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { giftFeeCents } from '@core/codes-and-gifts';
import { currencyLimits } from '@core/currency-limits';
import { minorToDecimal } from '@core/currency';
import { FormField } from '@web/components/ui/form-field';
import { ImageInput } from '@web/components/ui/image-input';
import { Input } from '@web/components/ui/input';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { parseTypedAmount, useEventMoney } from '@web/lib/event-money';

/**
 * A checkout's promo code, gift to the cause and sponsor (docs/decisions/222-promo-codes.md,
 * 223-gifts-and-sponsors.md). The code's discount comes off the organizer's markup and is shown on the
 * card step (the server says what the card pays); the gift carries the platform's 5% on top, shown here.
 */
export interface CheckoutExtras {
  promoCode: string;
  giftCents: number;
  giftError?: string;
  sponsor: { name: string; url: string; logo: string | null } | null;
}

export const NO_EXTRAS: CheckoutExtras = { promoCode: '', giftCents: 0, sponsor: null };

/** What the card pays for the gift: the gift and its fee. */
export function extrasCents(extras: CheckoutExtras): number {
  return extras.giftCents + giftFeeCents(extras.giftCents);
}

/** The checkout request's fields for the extras (none when empty). */
export function extrasRequest(extras: CheckoutExtras) {
  const code = extras.promoCode.trim();
  return {
    ...(code ? { promoCode: code } : {}),
    ...(extras.giftCents > 0 ? { donationCents: extras.giftCents } : {}),
    ...(extras.giftCents > 0 && extras.sponsor?.name.trim()
      ? {
          sponsor: {
            name: extras.sponsor.name.trim(),
            url: extras.sponsor.url.trim() || null,
            logo: extras.sponsor.logo,
          },
        }
      : {}),
  };
}

export function FundingExtras({
  eventId,
  extras,
  onChange,
  disabled,
  giftFirst,
}: {
  eventId: number;
  extras: CheckoutExtras;
  onChange: (extras: CheckoutExtras) => void;
  disabled: boolean;
  /** Giving without ordering: the gift is the point, the code is not offered. */
  giftFirst: boolean;
}) {
  const t = useT();
  const money = useEventMoney();
  // The least gift that names a sponsor (the same query as the page's sponsors section).
  const sponsors = useQuery({
    queryKey: [`/api/events/${eventId}/sponsors`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/sponsors', { params: { path: { id: eventId } }, signal }),
    // Asked only once there is a gift: a checkout without one costs no request.
    enabled: extras.giftCents > 0,
  });
  const [giftText, setGiftText] = useState(
    extras.giftCents ? minorToDecimal(extras.giftCents, money.currency) : '',
  );
  const typeGift = (text: string) => {
    setGiftText(text);
    // In the event's currency (decision 230): "20.50" euros, "2000" yen.
    const cents = parseTypedAmount(text, money.currency, 6);
    if (cents === null)
      return onChange({
        ...extras,
        giftCents: 0,
        giftError:
          money.currency === 'USD'
            ? t('funding.giftInvalid')
            : t('funding.giftInvalidIn', {
                currency: money.currency,
                example: minorToDecimal(2050, money.currency),
              }),
      });
    // The most a checkout may give, and the least given alone, in the event's currency (as the server holds them).
    const { giftMax, giftAloneMin } = currencyLimits(money.currency);
    if (cents > giftMax)
      return onChange({
        ...extras,
        giftCents: 0,
        giftError: t('funding.giftTooLarge', { max: money.format(giftMax) }),
      });
    if (giftFirst && cents > 0 && cents < giftAloneMin)
      return onChange({
        ...extras,
        giftCents: 0,
        giftError: t('funding.giftAlone', { amount: money.format(giftAloneMin) }),
      });
    onChange({ ...extras, giftCents: cents, giftError: undefined });
  };
  const minimum = sponsors.data?.sponsorMinCents ?? null;
  const canSponsor = minimum !== null && extras.giftCents >= minimum;
  const fee = giftFeeCents(extras.giftCents);
  return (
    <div className="space-y-3">
      {!giftFirst && (
        <FormField label={t('funding.promoCodeLabel')} hint={t('funding.promoCodeHint')}>
          <Input
            value={extras.promoCode}
            onChange={(e) => onChange({ ...extras, promoCode: e.target.value })}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            disabled={disabled}
          />
        </FormField>
      )}
      <FormField
        label={giftFirst ? t('funding.giftLabelAlone') : t('funding.giftLabel')}
        hint={
          extras.giftCents > 0
            ? t('funding.giftWithFee', {
                gift: money.format(extras.giftCents),
                fee: money.format(fee),
                total: money.format(extras.giftCents + fee),
              })
            : t('funding.giftHint')
        }
        error={extras.giftError}
      >
        <Input
          inputMode="decimal"
          value={giftText}
          onChange={(e) => typeGift(e.target.value)}
          placeholder={minorToDecimal(0, money.currency)}
          disabled={disabled}
        />
      </FormField>
      {minimum !== null && extras.giftCents > 0 && !canSponsor && (
        <p className="text-xs text-muted">{t('funding.sponsorFrom', { minimum: money.format(minimum) })}</p>
      )}
      {canSponsor && (
        <fieldset className="space-y-3 rounded-card border border-line p-3">
          <legend className="px-1 text-sm font-semibold">{t('funding.sponsorLegend')}</legend>
          <FormField label={t('funding.sponsorName')} hint={t('funding.sponsorNameHint')}>
            <Input
              value={extras.sponsor?.name ?? ''}
              maxLength={80}
              onChange={(e) =>
                onChange({
                  ...extras,
                  sponsor: { url: '', logo: null, ...extras.sponsor, name: e.target.value },
                })
              }
              disabled={disabled}
            />
          </FormField>
          <FormField label={t('funding.sponsorLink')}>
            <Input
              type="url"
              value={extras.sponsor?.url ?? ''}
              maxLength={300}
              placeholder="https://"
              onChange={(e) =>
                onChange({
                  ...extras,
                  sponsor: { name: '', logo: null, ...extras.sponsor, url: e.target.value },
                })
              }
              disabled={disabled}
            />
          </FormField>
          <ImageInput
            label={t('funding.sponsorLogo')}
            previewAlt={t('funding.sponsorLogoAlt')}
            value={extras.sponsor?.logo ?? null}
            onChange={(logo) =>
              onChange({ ...extras, sponsor: { name: '', url: '', ...extras.sponsor, logo } })
            }
          />
        </fieldset>
      )}
    </div>
  );
}
