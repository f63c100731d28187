import type { FormEvent } from 'react';
import { UPDATE_MAX_LENGTH } from '@core/form-rules';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useCheckedField } from '@web/lib/use-checked-field';
import { usePostEventUpdate } from '../api/post-event-update';

/** "Post an update": what the organizer or the truck posts is shown on the page and e-mailed to every diner. */
export function PostUpdateForm({ eventId }: { eventId: number }) {
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
