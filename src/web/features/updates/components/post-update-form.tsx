import type { FormEvent } from 'react';
import { UPDATE_MAX_LENGTH } from '@core/form-rules';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useT } from '@web/lib/i18n';
import { useCheckedField } from '@web/lib/use-checked-field';
import { usePostEventUpdate } from '../api/post-event-update';

/** "Post an update": what the organizer or the truck posts is shown on the page and e-mailed to every diner. */
export function PostUpdateForm({ eventId }: { eventId: number }) {
  // Only the organizer and the truck see it: its words are in the app catalog.
  const t = useT('app');
  const text = useCheckedField(
    'text',
    async () => (await import('@core/schemas/momentum')).eventUpdateSchema,
    t('updates.postFailed'),
  );
  // The schema's messages (core/schemas/momentum.ts) in the page's language; the server's as they come.
  const error =
    text.error === 'Write something to post'
      ? t('updates.errors.empty')
      : text.error === `Updates are at most ${UPDATE_MAX_LENGTH} characters`
        ? t('updates.errors.tooLong', { max: UPDATE_MAX_LENGTH })
        : text.error;
  const post = usePostEventUpdate(eventId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = await text.check();
    if (checked === undefined) return;
    post.mutate(checked, {
      onSuccess: (posted) => {
        text.clear();
        toast({
          title: t('updates.posted'),
          description: t('updates.emailedTo', { count: posted.recipients }),
        });
      },
      onError: text.showFailure,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormField
        label={t('updates.postLabel')}
        hint={t('updates.postHint', { length: text.value.trim().length, max: UPDATE_MAX_LENGTH })}
        error={error}
      >
        <Textarea
          value={text.value}
          onChange={text.onChange}
          rows={3}
          maxLength={UPDATE_MAX_LENGTH}
          placeholder={t('updates.placeholder')}
        />
      </FormField>
      <SubmitButton pending={post.isPending} pendingLabel={t('updates.posting')}>
        {t('updates.post')}
      </SubmitButton>
    </form>
  );
}
