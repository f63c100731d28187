import type { FormEvent } from 'react';
import { UPDATE_MAX_LENGTH } from '@core/form-rules';
import { LoadError } from '@web/components/load-more';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { useCheckedField } from '@web/lib/use-checked-field';
import { useEventUpdates, type EventUpdate } from '../api/get-event-updates';
import { usePostEventUpdate } from '../api/post-event-update';

const postedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * News from the organizer and the truck, newest first. The two of them also get a form: what they
 * post is e-mailed to every diner with an order.
 */
export function EventUpdates({ eventId, canPost }: { eventId: number; canPost: boolean }) {
  const updates = useEventUpdates(eventId);
  // Visitors see the card only once there is something to read.
  if (!canPost && (updates.isPending || updates.isError || updates.data.length === 0)) return null;
  return (
    <Card aria-labelledby="updates-title">
      <CardHeader>
        <CardTitle id="updates-title">Updates</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canPost && <PostUpdateForm eventId={eventId} />}
        {updates.isPending ? (
          <Spinner label="Loading updates…" />
        ) : updates.isError ? (
          <LoadError title="Could not load the updates." query={updates} />
        ) : updates.data.length === 0 ? (
          <p className="text-sm text-muted">No updates yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Updates, newest first">
            {updates.data.map((update) => (
              <UpdateItem key={update.id} update={update} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function UpdateItem({ update }: { update: EventUpdate }) {
  return (
    <li className="rounded-lg border border-line bg-stone-50 p-3">
      <p className="text-xs text-muted">
        <span className="font-semibold text-stone-800">{update.authorName}</span>
        {' · '}
        {update.authorRole === 'truck' ? 'Food truck' : 'Organizer'}
        {' · '}
        <time dateTime={update.createdAt}>{postedAt.format(new Date(update.createdAt))}</time>
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-900">{update.text}</p>
    </li>
  );
}

function PostUpdateForm({ eventId }: { eventId: number }) {
  const text = useCheckedField(
    'text',
    async () => (await import('@core/schemas/momentum')).eventUpdateSchema,
    'Could not post the update. Please try again.',
  );
  const post = usePostEventUpdate(eventId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = await text.check();
    if (checked === undefined) return;
    post.mutate(checked, {
      onSuccess: (posted) => {
        text.clear();
        toast({
          title: 'Update posted',
          description:
            posted.recipients === 1
              ? 'It was e-mailed to 1 diner.'
              : `It was e-mailed to ${posted.recipients} diners.`,
        });
      },
      onError: text.showFailure,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormField
        label="Post an update"
        hint={`Shown here and e-mailed to every diner with an order (${text.value.trim().length}/${UPDATE_MAX_LENGTH}).`}
        error={text.error}
      >
        <Textarea
          value={text.value}
          onChange={text.onChange}
          rows={3}
          maxLength={UPDATE_MAX_LENGTH}
          placeholder="The truck arrives at 5:30; look for the orange awning."
        />
      </FormField>
      <SubmitButton pending={post.isPending} pendingLabel="Posting…">
        Post update
      </SubmitButton>
    </form>
  );
}
