import { Star } from 'lucide-react';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '../lib/i18n';

/** A rating read aloud as "4 out of 5 stars" and shown as five stars. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const t = useT();
  return (
    <span
      role="img"
      aria-label={t('ui.stars', { rating })}
      className={`inline-flex gap-0.5 ${className ?? ''}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= Math.round(rating) ? 'fill-amber-500 text-amber-600' : 'text-stone-400'}`}
        />
      ))}
    </span>
  );
}

/** "4.7 · 12 reviews", or nothing without reviews. */
export function RatingSummary({ summary }: { summary: { average: number; count: number } | null }) {
  const t = useT();
  const locale = intlLocale(useLanguage());
  if (!summary) return <span className="text-sm text-muted">{t('ui.noReviews')}</span>;
  const formatted = summary.count.toLocaleString(locale);
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <Stars rating={summary.average} />
      <span>
        <strong>
          {summary.average.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </strong>{' '}
        · {t('ui.reviews', { count: summary.count, formatted })}
      </span>
    </span>
  );
}
