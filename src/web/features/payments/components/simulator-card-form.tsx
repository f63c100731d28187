import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { useFocusFirstInvalid } from '@web/lib/focus-first-invalid';
import { confirmSimulatorCard } from '../api/confirm-simulator-card';
import type { PaymentRequest } from '../payment-request';
import { submitLabel } from './submit-label';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

interface Fields {
  cardNumber: string;
  expiry: string;
  cvc: string;
}
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * A field's label and sample (keys of the `common` catalog, but a sample of digits) and what its input
 * offers the diner's browser (autofill, a length).
 */
interface FieldInput {
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}

const INPUTS: Record<keyof Fields, FieldInput> = {
  cardNumber: {
    label: 'orders.card.number',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
    maxLength: 23,
  },
  expiry: {
    label: 'orders.card.expiry',
    autoComplete: 'cc-exp',
    placeholder: 'orders.card.expiryPlaceholder',
    maxLength: 7,
  },
  cvc: { label: 'orders.card.cvc', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 },
};

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/;

/** What is missing or wrong, as keys of the `common` catalog. */
function checkFields(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.cardNumber.trim()) errors.cardNumber = 'orders.card.numberRequired';
  if (!fields.expiry.trim()) errors.expiry = 'orders.card.expiryRequired';
  else if (!EXPIRY.test(fields.expiry.trim())) errors.expiry = 'orders.card.expiryFormat';
  if (!fields.cvc.trim()) errors.cvc = 'orders.card.cvcRequired';
  return errors;
}

/** "1230" → "12/30" as the diner types; anything else is left alone. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (/^\d{3,4}$/.test(digits) && !value.includes('/')) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return value;
}

/**
 * The built-in simulator's card form: it behaves like Stripe test mode, with
 * Stripe's test cards, and posts to the simulator's confirm endpoint. No real card ever goes here.
 */
export function SimulatorCardForm({
  request,
  onConfirmed,
}: {
  request: PaymentRequest;
  onConfirmed: (intentStatus: string) => Promise<void> | void;
}) {
  const t = useT();
  const { format } = useEventMoney();
  const [fields, setFields] = useState<Fields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const update = (name: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = name === 'expiry' ? formatExpiry(e.target.value) : e.target.value;
    setFields((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const field = (name: keyof Fields) => {
    const { label, placeholder, ...input } = INPUTS[name];
    return (
      <FormField label={t(label)} error={errors[name]}>
        <Input
          value={fields[name]}
          onChange={update(name)}
          inputMode="numeric"
          placeholder={placeholder.startsWith('orders.') ? t(placeholder) : placeholder}
          {...input}
        />
      </FormField>
    );
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = Object.fromEntries(
      Object.entries(checkFields(fields)).map(([name, key]) => [name, t(key)]),
    ) as FieldErrors;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setPending(true);
    try {
      const intent = await confirmSimulatorCard({ clientSecret: request.clientSecret, ...fields });
      await onConfirmed(intent.status);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        const marked: FieldErrors = {
          cardNumber: error.fieldErrors?.cardNumber,
          expiry: error.fieldErrors?.expiry,
          cvc: error.fieldErrors?.cvc,
        };
        setErrors(marked);
        // A refused field is told under the field; anything else (a decline) above the button.
        if (Object.values(marked).some(Boolean)) focusFirstInvalid();
        else setFormError(error.message);
      } else {
        reportError('Card confirmation failed', error);
        setFormError(t('orders.paymentProcessingFailed'));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t('orders.cardDetails')}
      className="space-y-3"
    >
      {field('cardNumber')}
      <div className="grid grid-cols-2 gap-3">
        {field('expiry')}
        {field('cvc')}
      </div>
      <div className="rounded-md bg-stone-100 px-3 py-2 text-xs text-stone-700">
        <p className="font-medium">{t('orders.testModeNoReal')}</p>
        <ul className="mt-1 space-y-0.5">
          <li>
            <span className="font-mono">4242 4242 4242 4242</span> {t('orders.authorizes')}
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 0002</span> {t('orders.isDeclined')}
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 9995</span> {t('orders.hasInsufficientFunds')}
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 0341</span> {t('orders.authorizesThenFailsWhen')}
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 5126</span> {t('orders.paysButARefund')}
          </li>
        </ul>
        <p className="mt-1">{t('orders.useAnyFutureExpiration')}</p>
      </div>
      {formError && (
        <Alert tone="error" title={t('orders.paymentFailed')}>
          {formError}
        </Alert>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t('orders.processing') : submitLabel(request, t, format)}
      </Button>
    </form>
  );
}
