import { CircleAlert } from 'lucide-react';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useFormMessage } from '../../lib/form-messages';
import { Button, type ButtonProps } from './button';

interface FormFieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/**
 * A labelled control with its help text and its error under it. The error is tied to the control
 * (aria-describedby, aria-invalid), so a form can focus its first invalid control
 * (`useFocusFirstInvalid` in lib/focus-first-invalid.ts) and a screen reader reads why. A schema's
 * English message shows in the page's language (see FieldError); any other text as it is.
 */
export function FormField({ label, error, hint, children, className }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/**
 * A field's error line, for controls that FormField can't wrap (radio groups, pickers). A text that is
 * a schema's English message shows in the page's language (lib/form-messages.ts); any other as it is.
 */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  const say = useFormMessage();
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{typeof children === 'string' ? say(children) : children}</span>
    </p>
  );
}

/**
 * A form's submit button: while the form is being sent it is disabled and says so (`pendingLabel`,
 * e.g. "Saving..."), so that a second click does not send it twice.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/**
 * A form's submit button on a row of its own, below the fields: full width on a phone, at the row's
 * right end from `sm` up. `className` is for the row (a grid form's `sm:col-span-2`).
 */
export function SubmitRow({
  className,
  pending,
  pendingLabel,
  children,
}: {
  className?: string;
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex sm:justify-end', className)}>
      <SubmitButton className="w-full sm:w-auto" pending={pending} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
    </div>
  );
}
