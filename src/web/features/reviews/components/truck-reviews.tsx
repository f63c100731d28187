import { useState } from 'react';
import type { ReviewDto } from '@contract/reviews';
import { RatingSummary, Stars } from '@web/components/stars';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useT } from '@web/lib/i18n';
import { useRemoveReview, useReplyToReview, useTruckReviews } from '../api/reviews';

function ReplyForm({ review }: { review: ReviewDto }) {
  const t = useT('app');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const reply = useReplyToReview();
  if (!open)
    return (
      <Button variant="outline" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {t('reviews.answer')}
      </Button>
    );
  return (
    <form
      className="mt-2 space-y-2"
      aria-label={t('reviews.answerNamed', { name: review.authorName })}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) reply.mutate({ id: review.id, reply: text.trim() });
      }}
    >
      <FormField label={t('reviews.answerLabel')}>
        <Textarea value={text} maxLength={1000} rows={3} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <Button type="submit" size="sm" disabled={reply.isPending || !text.trim()}>
        {reply.isPending ? t('reviews.sending') : t('reviews.sendAnswer')}
      </Button>
    </form>
  );
}

function RemoveForm({ review }: { review: ReviewDto }) {
  const t = useT('app');
  const [reason, setReason] = useState('');
  const remove = useRemoveReview();
  return (
    <form
      className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end"
      aria-label={t('reviews.removeNamed', { name: review.authorName })}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim().length >= 3) remove.mutate({ id: review.id, reason: reason.trim() });
      }}
    >
      <FormField label={t('reviews.removeReason')} className="flex-1">
        <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <Button
        type="submit"
        variant="destructive"
        size="sm"
        disabled={remove.isPending || reason.trim().length < 3}
      >
        {t('reviews.remove')}
      </Button>
    </form>
  );
}

/** A truck's reviews with their average; the truck answers from here, an admin removes. */
export function TruckReviews({ truckId, viewer }: { truckId: number; viewer: 'owner' | 'admin' | 'other' }) {
  const t = useT('app');
  const reviews = useTruckReviews(truckId);
  if (reviews.isPending) return <Spinner label={t('reviews.loading')} />;
  if (reviews.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('reviews.failed')}
      </p>
    );
  const all = reviews.data.pages.flatMap((page) => page.reviews);
  return (
    <div className="space-y-4">
      <RatingSummary summary={reviews.data.pages[0]?.summary ?? null} />
      {all.length > 0 && (
        <ul className="divide-y divide-line">
          {all.map((review) => (
            <li key={review.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={review.rating} />
                <span className="text-sm font-semibold">
                  {review.authorName}
                  <span className="font-normal text-muted">
                    {' '}
                    ·{' '}
                    {t(review.author === 'organizer' ? 'reviews.organizerAt' : 'reviews.dinerAt', {
                      event: review.eventTitle,
                    })}
                  </span>
                </span>
              </div>
              {review.body && <p className="mt-2 break-words text-stone-700">{review.body}</p>}
              {review.reply && (
                <p className="mt-2 border-l-4 border-brand-200 pl-3 text-sm break-words text-stone-700">
                  <span className="font-semibold">{t('reviews.truckAnswered')}</span> {review.reply}
                </p>
              )}
              {viewer === 'owner' && !review.reply && <ReplyForm review={review} />}
              {viewer === 'admin' && <RemoveForm review={review} />}
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <Button
          variant="outline"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? t('reviews.loadingMore') : t('reviews.more')}
        </Button>
      )}
    </div>
  );
}
