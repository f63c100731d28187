import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ImageFileError, resizeImageFile } from '../../lib/resize-image';
import { StoredImageOr } from '../stored-image';
import { Button } from './button';
import { toast } from './toast';
import { reportError } from '../../lib/report-error';
import { useT } from '../../lib/i18n';

/** resize-image.ts's messages, by their words, to the common catalog's `ui.imageErrors`. */
const IMAGE_ERRORS: Record<string, string> = {
  'Could not read this image. Please choose a JPEG, PNG or WebP file.': 'unreadable',
  'Image size should be less than 5MB': 'tooLarge',
  'Please choose an image file (JPEG, PNG or WebP).': 'notImage',
  'Your browser could not process this image.': 'browser',
};

/**
 * A labelled file picker that hands back a resized JPEG data URL (lib/resize-image.ts), with a
 * preview and a way to remove the picture. Its value is that data URL, or the stored picture's URL
 * as the API answered it (sent back unchanged, the server keeps the picture). The profile photo,
 * menu item pictures and event covers use it.
 */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  hint,
  previewAlt,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (dataUrl: string | null) => void;
  error?: string;
  hint?: string;
  previewAlt: string;
}) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const shownError = pickError ?? error;

  // When the form is reset (e.g. after a menu item is added), forget the picked file's name too.
  useEffect(() => {
    if (!value && inputRef.current) inputRef.current.value = '';
  }, [value]);
  const describedBy =
    [hint ? `${id}-hint` : null, shownError ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setPickError(null);
    try {
      onChange(await resizeImageFile(file));
    } catch (err) {
      const known = err instanceof ImageFileError ? IMAGE_ERRORS[err.message] : undefined;
      const message = known
        ? t(`ui.imageErrors.${known}`)
        : err instanceof ImageFileError
          ? err.message
          : t('ui.readImageFailed');
      reportError('Image rejected', err);
      setPickError(message);
      toast({ title: t('ui.error'), description: message, variant: 'destructive' });
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <StoredImageOr
          src={value}
          sizes="96px"
          width={96}
          height={96}
          alt={previewAlt}
          className="h-24 w-24 shrink-0 rounded-lg border border-line object-cover"
          placeholder={<ImagePlus className="size-8" />}
          placeholderClassName="h-24 w-24 shrink-0 rounded-lg border border-dashed border-control bg-stone-50 text-stone-500"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy}
            disabled={busy}
            onChange={(e) => void handleFile(e.target.files?.[0])}
            className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:text-brand-900 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-brand-200"
          />
          {value && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('ui.removeLabel', { label: label.toLowerCase() })}
              onClick={() => {
                onChange(null);
                setPickError(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              {t('ui.removeImage')}
            </Button>
          )}
        </div>
      </div>
      {busy && <p className="mt-1 text-xs text-muted">{t('ui.processingImage')}</p>}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}
