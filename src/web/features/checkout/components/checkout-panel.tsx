import { useRef, useState, type Dispatch, type ReactNode } from 'react';
import type { CreatedOrder } from '@contract/orders';
import { PLATFORM_FEE_PERCENTAGE } from '@core/pricing';
import { priceCheckout, type SalesTaxRule, type TipChoice } from '@core/tips-and-tax';
import { EMPTY_CART, INVALID_EMAIL, MISSING_INFORMATION } from '@core/form-rules';
import type { CreatePaymentIntentInput } from '@core/schemas/checkout';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { ORDER_NOTE_MAX, ORDER_NOTE_TOO_LONG } from '@core/dietary';
import { toast } from '@web/components/ui/use-toast';
import { createPaymentIntent, PaymentRequestError } from '../api/create-payment-intent';
import type { CartAction, CartLine } from '../cart';
import { newIdempotencyKey } from '../idempotency-key';
import { CartSummary } from './cart-summary';
import { TipPicker } from './tip-picker';
import { extrasCents, extrasRequest, FundingExtras, NO_EXTRAS, type CheckoutExtras } from './funding-extras';
import { NO_PICKUP, PickupChoice, pickupRequest, type PickupChoiceState } from './pickup-choice';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';
import { useFormMessage } from '@web/lib/form-messages';

export interface Customer {
  name: string;
  email: string;
  /** The note to the truck ("no onions"), at most ORDER_NOTE_MAX characters once trimmed. */
  note?: string;
}

/** How the diner is reached: the name on the order and where the receipt goes (catalog keys). */
const CONTACT_INPUTS: {
  key: 'name' | 'email';
  label: string;
  hint?: string;
  type?: 'email';
  autoComplete: string;
  maxLength: number;
}[] = [
  { key: 'name', label: 'checkout.yourName', autoComplete: 'name', maxLength: 120 },
  {
    key: 'email',
    label: 'checkout.emailAddress',
    hint: 'checkout.emailHint',
    type: 'email',
    autoComplete: 'email',
    maxLength: 254,
  },
];

/** The checkout's validation messages, in the order the form shows them, with their titles' keys. */
const CHECKS = [
  { message: MISSING_INFORMATION, title: 'checkout.toast.missingInformation' },
  { message: INVALID_EMAIL, title: 'checkout.toast.invalidEmail' },
  { message: EMPTY_CART, title: 'checkout.toast.emptyCart' },
  { message: ORDER_NOTE_TOO_LONG, title: 'checkout.toast.noteTooLong' },
] as const;

/**
 * Cart, name and e-mail, and Proceed to Payment: the order is checked with the schema the server
 * uses, then created with one Idempotency-Key per checkout attempt (a double click or a retry after a
 * lost answer makes one order).
 * Once the order exists, `paymentStep` (the card form) takes the button's place and the cart locks.
 */
export function CheckoutPanel({
  eventId,
  lines,
  dispatch,
  markupBasisPoints,
  markupPercentage,
  salesTax,
  tip,
  onTipChange,
  customer,
  onCustomerChange,
  onPaymentReady,
  onOrderRefused,
  paymentStep,
}: {
  eventId: number;
  lines: CartLine[];
  dispatch: Dispatch<CartAction>;
  markupBasisPoints: number;
  /** The event's markup as a number of percent (12.5). */
  markupPercentage: number;
  /** The event's sales tax (decision 189): its own line before paying. */
  salesTax: SalesTaxRule;
  /** The diner's tip for the crew (decision 188), kept by the page for its cart bar. */
  tip: TipChoice | undefined;
  onTipChange: (tip: TipChoice | undefined) => void;
  customer: Customer;
  onCustomerChange: (customer: Customer) => void;
  onPaymentReady: (order: CreatedOrder) => void;
  /** The server refused the order as priced (409): the menu or the event changed; reload them. */
  onOrderRefused: () => void;
  paymentStep: ReactNode | null;
}) {
  const t = useT();
  // The schema's English words in the page's language (lib/form-messages.ts).
  const formMessage = useFormMessage();
  const [pending, setPending] = useState(false);
  const [tipError, setTipError] = useState<string>();
  // A promo code and a gift to the cause (decisions 222, 223).
  const [extras, setExtras] = useState<CheckoutExtras>(NO_EXTRAS);
  // The pickup time and the ready text (decisions 226, 227).
  const [pickup, setPickup] = useState<PickupChoiceState>(NO_PICKUP);
  // One key per checkout attempt: kept through a failed or retried request for the same order (so the
  // server makes one order), replaced when the order changes or once an order was made.
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  async function proceed() {
    if (tipError) {
      toast({ title: t('checkout.toast.tip'), description: tipError, variant: 'destructive' });
      return;
    }
    if (extras.giftError) {
      toast({ title: t('checkout.toast.gift'), description: extras.giftError, variant: 'destructive' });
      return;
    }
    // The price the diner was shown is the amount asked for: the server charges it or answers 409.
    const price = priceCheckout(lines, markupBasisPoints, salesTax, tip);
    const input: CreatePaymentIntentInput = {
      items: lines.map((line) => ({
        menuItemId: line.menuItemId,
        quantity: line.quantity,
        name: line.name,
      })),
      customerName: customer.name,
      customerEmail: customer.email,
      // Before a promo code: the server answers what the card pays after it.
      amount: price.totalCents + extrasCents(extras),
      ...extrasRequest(extras),
      ...pickupRequest(pickup),
      ...(tip && 'percent' in tip ? { tipPercent: tip.percent } : {}),
      ...(tip && 'amountCents' in tip && tip.amountCents > 0 ? { tipCents: tip.amountCents } : {}),
      markupPercentage,
      platformFeePercentage: PLATFORM_FEE_PERCENTAGE,
      eventId,
      note: customer.note ?? null,
    };
    // Zod arrives with the first checkout, not with the page (decision 091).
    const { createPaymentIntentSchema } = await import('@core/schemas/checkout');
    const parsed = createPaymentIntentSchema.safeParse(input);
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => issue.message);
      const check = CHECKS.find((c) => messages.includes(c.message));
      toast({
        title: t(check?.title ?? 'checkout.toast.paymentError'),
        description: formMessage(check?.message ?? messages[0]) ?? t('checkout.toast.reviewOrder'),
        variant: 'destructive',
      });
      return;
    }
    const signature = JSON.stringify(parsed.data);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setPending(true);
    try {
      const created = await createPaymentIntent(eventId, input, attempt.current.key);
      attempt.current = null;
      onPaymentReady(created);
    } catch (error) {
      if (!(error instanceof PaymentRequestError)) reportError('Payment request failed', error);
      else if (error.status === 409) {
        onOrderRefused();
        setPickup((p) => ({ ...p, refusals: p.refusals + 1 }));
      }
      toast({
        title: t('checkout.toast.paymentError'),
        description: error instanceof PaymentRequestError ? error.message : t('checkout.toast.paymentFailed'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  const locked = paymentStep !== null;
  return (
    <div className="space-y-4">
      <CartSummary
        lines={lines}
        dispatch={dispatch}
        markupBasisPoints={markupBasisPoints}
        markupLabel={markupBasisPoints > 0 ? String(markupPercentage) : null}
        salesTax={salesTax}
        tip={tip}
        locked={locked}
      />
      {lines.length > 0 && (
        <TipPicker
          foodCents={lines.reduce((sum, line) => sum + line.baseCents * line.quantity, 0)}
          tip={tip}
          onTipChange={(next, error) => {
            setTipError(error);
            onTipChange(next);
          }}
          error={tipError}
          disabled={locked}
        />
      )}
      <FundingExtras
        eventId={eventId}
        extras={extras}
        onChange={setExtras}
        disabled={locked}
        giftFirst={lines.length === 0}
      />
      <div className="space-y-3">
        {CONTACT_INPUTS.map(({ key, label, hint, ...input }) => (
          <FormField key={key} label={t(label)} hint={hint && t(hint)}>
            <Input
              {...input}
              value={customer[key]}
              onChange={(e) => onCustomerChange({ ...customer, [key]: e.target.value })}
              disabled={locked}
            />
          </FormField>
        ))}
        <PickupChoice eventId={eventId} choice={pickup} onChange={setPickup} disabled={locked} />
        <FormField
          label={t('checkout.noteForTheTruck')}
          hint={t('checkout.noteHint', { count: (customer.note ?? '').trim().length, max: ORDER_NOTE_MAX })}
        >
          <Textarea
            rows={2}
            value={customer.note ?? ''}
            onChange={(e) => onCustomerChange({ ...customer, note: e.target.value })}
            maxLength={ORDER_NOTE_MAX + 20}
            disabled={locked}
          />
        </FormField>
      </div>
      {paymentStep ?? (
        <Button className="w-full" size="lg" onClick={() => void proceed()} disabled={pending}>
          {pending ? t('checkout.preparingPayment') : t('checkout.proceedToPayment')}
        </Button>
      )}
    </div>
  );
}
