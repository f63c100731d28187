import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ImageInput } from './image-input';

/**
 * An ImageInput that is a react-hook-form field: its value is the form's `name` (a data URL, the
 * stored picture's URL, or null), and the field's error is shown under it. The profile photo, menu
 * item pictures and the new event's cover use it. Not in image-input.tsx: the event cover's own form
 * uses ImageInput without react-hook-form, and would otherwise load the form library with it.
 */
export function ImageField<T extends FieldValues, TContext, TOut extends FieldValues>({
  control,
  name,
  ...input
}: {
  control: Control<T, TContext, TOut>;
  name: FieldPathByValue<T, string | null | undefined>;
} & Omit<ComponentProps<typeof ImageInput>, 'value' | 'onChange' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageInput
          {...input}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
