import { ImageInput } from '@web/components/ui/image-input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { useSetEventCover } from '../api/set-event-cover';

/** The organizer's cover picture for their event page: saved as soon as it is picked or removed. */
export function EventCoverForm({
  eventId,
  coverImageUrl,
}: {
  eventId: number;
  coverImageUrl: string | null;
}) {
  const t = useT('app');
  const save = useSetEventCover(eventId);
  const fieldError =
    save.error instanceof ApiError ? (save.error.fieldErrors?.coverImage ?? save.error.message) : undefined;
  return (
    <section
      aria-labelledby="cover-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="cover-heading" className="sr-only">
        {t('events.cover.heading')}
      </h2>
      <ImageInput
        label={t('events.cover.label')}
        previewAlt={t('events.cover.alt')}
        hint={save.isPending ? t('events.cover.saving') : t('events.cover.hint')}
        value={save.isPending ? (save.variables ?? null) : coverImageUrl}
        error={fieldError}
        onChange={(coverImage) =>
          save.mutate(coverImage, {
            onSuccess: () =>
              toast({
                title: t('events.success'),
                description: coverImage ? t('events.cover.saved') : t('events.cover.removed'),
              }),
          })
        }
      />
    </section>
  );
}
