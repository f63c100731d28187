import { Star } from 'lucide-react';

/** A rating read aloud as "4 out of 5 stars" and shown as five stars. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${rating} out of 5 stars`}
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
  if (!summary) return <span className="text-sm text-muted">No reviews yet</span>;
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <Stars rating={summary.average} />
      <span>
        <strong>{summary.average.toFixed(1)}</strong> ·{' '}
        {summary.count === 1 ? '1 review' : `${summary.count} reviews`}
      </span>
    </span>
  );
}
