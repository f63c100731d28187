import { ImageInput } from '@web/components/ui/image-input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { useSetEventCover } from '../api/set-event-cover';

/** The organizer's cover picture for their event page: saved as soon as it is picked or removed. */
export function EventCoverForm({
  eventId,
  coverImageUrl,
}: {
  eventId: number;
  coverImageUrl: string | null;
}) {
  const save = useSetEventCover(eventId);
  const fieldError =
    save.error instanceof ApiError ? (save.error.fieldErrors?.coverImage ?? save.error.message) : undefined;
  return (
    <section
      aria-labelledby="cover-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="cover-heading" className="sr-only">
        Cover picture
      </h2>
      <ImageInput
        label="Cover Picture"
        previewAlt="Event cover picture"
        hint={save.isPending ? 'Saving…' : 'Shown at the top of the event page.'}
        value={save.isPending ? (save.variables ?? null) : coverImageUrl}
        error={fieldError}
        onChange={(coverImage) =>
          save.mutate(coverImage, {
            onSuccess: () =>
              toast({
                title: 'Success',
                description: coverImage ? 'Cover picture saved.' : 'Cover picture removed.',
              }),
          })
        }
      />
    </section>
  );
}
