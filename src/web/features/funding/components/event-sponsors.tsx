import { HeartHandshake } from 'lucide-react';
import { imageVariantUrl } from '@contract/images';
import { useEventMoney } from '@web/lib/event-money';
import { useT } from '@web/lib/i18n';
import { useEventSponsors } from '../api/funding';

/**
 * What backers gave beside the food, and the sponsors named on the page (docs/decisions/
 * 223-gifts-and-sponsors.md): a gift's sponsor once its gift is charged, an outside sponsor at once,
 * never one the organizer hid. Nothing at all while there is neither.
 */
export function EventSponsors({ eventId }: { eventId: number }) {
  const t = useT();
  const { format } = useEventMoney();
  const query = useEventSponsors(eventId);
  const data = query.data;
  if (!data || (data.sponsors.length === 0 && data.giftsCents === 0)) return null;
  return (
    <section
      aria-labelledby="sponsors-heading"
      className="rounded-card border border-line bg-white p-4 shadow-card"
    >
      <h2 id="sponsors-heading" className="flex items-center gap-2 text-lg font-semibold">
        <HeartHandshake aria-hidden="true" className="size-5 text-brand-700" />
        {t('funding.sponsorsHeading')}
      </h2>
      {data.giftsCents > 0 && (
        <p className="mt-1 text-sm text-muted">
          {t('funding.giftsRaised', { amount: format(data.giftsCents) })}
        </p>
      )}
      {data.sponsors.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-4">
          {data.sponsors.map((sponsor) => {
            const body = (
              <>
                {sponsor.logoUrl && (
                  <img
                    src={imageVariantUrl(sponsor.logoUrl, 320)}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 rounded object-contain"
                  />
                )}
                <span className="font-semibold">{sponsor.name}</span>
              </>
            );
            return (
              <li key={sponsor.id} className="flex items-center gap-2">
                {sponsor.url ? (
                  <a
                    href={sponsor.url}
                    rel="noopener nofollow ugc"
                    target="_blank"
                    className="flex items-center gap-2 underline-offset-4 hover:underline"
                  >
                    {body}
                  </a>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
