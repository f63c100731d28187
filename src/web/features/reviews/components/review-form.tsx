import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Stars } from '@web/components/stars';
import { useT } from '@web/lib/i18n';
import { useReviewInvitation, useWriteReview, type Reviewer } from '../api/reviews';

/** Rate a truck: five stars as radio buttons (arrow keys move between them) and a few words. */
export function ReviewForm({ who }: { who: Reviewer }) {
  const t = useT('app');
  const invitation = useReviewInvitation(who);
  const write = useWriteReview(who);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (invitation.isPending) return <Spinner label={t('reviews.loadingInvitation')} />;
  if (invitation.isError) {
    return (
      <Alert tone="error" title={t('reviews.linkBroken')}>
        {t('reviews.linkBrokenText')}
      </Alert>
    );
  }
  const { truckName, eventTitle, refusal, existing } = invitation.data;
  const saved = write.data ?? existing;
  if (saved) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold">{t('reviews.thanks', { truck: truckName })}</p>
        <Stars rating={saved.rating} />
        {saved.body && <p className="text-stone-700">{saved.body}</p>}
      </div>
    );
  }
  if (refusal) return <Alert tone="info" title={refusal} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('reviews.chooseRating'));
      return;
    }
    setError(undefined);
    write.mutate({ rating, body: body.trim() || null });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-stone-700">
        {t('reviews.howWasBefore')}
        <strong>{truckName}</strong>
        {t('reviews.howWasAfter', { event: eventTitle })}
      </p>
      <fieldset aria-describedby={error ? 'rating-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-ink">{t('reviews.yourRating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="peer sr-only"
                aria-label={t('reviews.starsLabel', { count: n, label: t(`reviews.rating.${n}`) })}
              />
              <Star
                aria-hidden="true"
                className={`size-9 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 ${
                  n <= rating ? 'fill-amber-500 text-amber-600' : 'text-stone-400'
                }`}
              />
            </label>
          ))}
        </div>
        {rating > 0 && <p className="mt-1 text-sm text-muted">{t(`reviews.rating.${rating}`)}</p>}
        {error && (
          <p id="rating-error" role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      <FormField label={t('reviews.fewWords')} hint={`${body.length} / 1000`}>
        <Textarea value={body} maxLength={1000} rows={4} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      <SubmitButton pending={write.isPending} pendingLabel={t('reviews.sending')}>
        {t('reviews.send')}
      </SubmitButton>
    </form>
  );
}
