import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Stars } from '@web/components/stars';
import { useReviewInvitation, useWriteReview, type Reviewer } from '../api/reviews';

const LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Rate a truck: five stars as radio buttons (arrow keys move between them) and a few words. */
export function ReviewForm({ who }: { who: Reviewer }) {
  const invitation = useReviewInvitation(who);
  const write = useWriteReview(who);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (invitation.isPending) return <Spinner label="Loading…" />;
  if (invitation.isError) {
    return (
      <Alert tone="error" title="This review link does not work.">
        It may be incomplete: open it again from your e-mail.
      </Alert>
    );
  }
  const { truckName, eventTitle, refusal, existing } = invitation.data;
  const saved = write.data ?? existing;
  if (saved) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold">Thank you for reviewing {truckName}!</p>
        <Stars rating={saved.rating} />
        {saved.body && <p className="text-stone-700">{saved.body}</p>}
      </div>
    );
  }
  if (refusal) return <Alert tone="info" title={refusal} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError('Choose a rating from 1 to 5 stars');
      return;
    }
    setError(undefined);
    write.mutate({ rating, body: body.trim() || null });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-stone-700">
        How was the food from <strong>{truckName}</strong> at {eventTitle}?
      </p>
      <fieldset aria-describedby={error ? 'rating-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-ink">Your rating</legend>
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
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${LABELS[n]}`}
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
        {rating > 0 && <p className="mt-1 text-sm text-muted">{LABELS[rating]}</p>}
        {error && (
          <p id="rating-error" role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      <FormField label="A few words (optional)" hint={`${body.length} / 1000`}>
        <Textarea value={body} maxLength={1000} rows={4} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      <SubmitButton pending={write.isPending} pendingLabel="Sending…">
        Send my review
      </SubmitButton>
    </form>
  );
}
