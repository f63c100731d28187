import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

// text-base on phones: iOS zooms into any field under 16px.
const field =
  'block w-full rounded-lg border border-control bg-white px-3 py-2 text-base text-ink sm:text-sm focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-stone-100 disabled:opacity-70 aria-[invalid=true]:border-red-700';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(field, 'h-11 sm:h-10', className)} {...props} />;
});

/**
 * An amount in dollars and cents: a number field with the decimal keypad on phones, a cent as its step
 * and nothing below zero unless `min` says otherwise.
 */
export const MoneyInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function MoneyInput(props, ref) {
    return <Input ref={ref} type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
  },
);

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn(field, 'min-h-20', className)} {...props} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className, ...props }, ref) {
    return <select ref={ref} className={cn(field, 'h-11 sm:h-10', className)} {...props} />;
  },
);

/** A Select's options, one per value; `label` says how a value reads (default: as it is). */
export function Options<T extends string | number>({
  values,
  label = String,
}: {
  values: readonly T[];
  label?: (value: T) => ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
