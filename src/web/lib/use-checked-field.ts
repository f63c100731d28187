import { useState, type ChangeEvent } from 'react';
import type { z } from '@core/schemas/zod-messages';
import { ApiError, errorMessage } from './api-client';

/**
 * The one field of a small form on a page that must stay light (the event page's "Remind me" and
 * "Post an update"): no form library, the schema loaded only when the person submits, its first
 * issue shown under the field, and a refusal from the server that names the field shown there too.
 */
export function useCheckedField<K extends string>(
  name: K,
  loadSchema: () => Promise<z.ZodType<Record<K, string>>>,
  fallbackError: string,
) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    value,
    error,
    clear: () => setValue(''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue(event.target.value);
      if (error) setError(undefined);
    },
    /** The value as the schema reads it, or undefined with its reason under the field. */
    async check(): Promise<string | undefined> {
      const parsed = (await loadSchema()).safeParse({ [name]: value });
      setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      return parsed.success ? parsed.data[name] : undefined;
    },
    showFailure(failure: unknown) {
      const message = errorMessage(failure, fallbackError);
      setError(failure instanceof ApiError ? (failure.fieldErrors?.[name] ?? message) : message);
    },
  };
}
