import { CalendarPlus, CircleCheck, Clock, ShieldCheck } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OrderReceiptDto } from '../../contract/orders';
import { formatEventDate, formatEventTime } from '../../core/time';
import { Alert } from '../components/ui/alert';
import { LoadError } from '../components/load-more';
import { buttonClass } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useOrderReceipt } from '../features/payments/api/get-order-receipt';
import { ShareButtons } from '../features/share/components/share-buttons';
import { PickupTimeNote } from '../features/pickup/components/pickup-time-note';
import { ApiError } from '../lib/api-client';
import { formatMoney } from '../lib/format-money';
import { IconText } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';

/** The receipt's amounts in the order's currency (decision 230), in the page's language. */
const moneyOf =
  (receipt: OrderReceiptDto) =>
  (amount: string): string =>
    formatMoney(amount, receipt.order.currency);

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** A path on this site from one of the answer's absolute links (they carry the site's public address). */
function sitePath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** What happens to the diner's money next, in the words of the order's state. */
function NextSteps({ receipt }: { receipt: OrderReceiptDto }) {
  const t = useT();
  const { order, event } = receipt;
  const total = moneyOf(receipt)(order.totalAmount);
  if (order.status === 'pending') {
    return (
      <Alert tone="info" title={t('confirmation.confirmingYourCard')}>
        {t('confirmation.thisTakesAFew')}
      </Alert>
    );
  }
  if (order.status === 'charged') {
    return (
      <Alert tone="success" title={t('confirmation.paidCharged', { total: total })}>
        {t('confirmation.theEventReachedIts')}
      </Alert>
    );
  }
  if (order.status === 'confirmed') {
    return event.goalReached ? (
      <Alert tone="success" title={t('confirmation.isBeingCharged', { total: total })}>
        {t('confirmation.theEventReachedIts2')}
      </Alert>
    ) : (
      <Alert
        tone="success"
        title={
          order.mode === 'save'
            ? t('confirmation.cardSavedNotCharged')
            : t('confirmation.heldNotCharged', { total: total })
        }
      >
        {order.mode === 'save'
          ? t('confirmation.chargedOnlyIfGoalSave')
          : t('confirmation.chargedOnlyIfGoalHold')}
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title={t('confirmation.thisOrderIsNo')}>
      {order.failureMessage ?? t('confirmation.seeTheEventPage')}
    </Alert>
  );
}

/** How a price splits (core/pricing): one column each, on every line and in the items' total. */
const SPLIT = [{ key: 'food' }, { key: 'markup' }, { key: 'fee' }] as const;

function SplitCells({
  amounts,
  money,
}: {
  amounts: Record<(typeof SPLIT)[number]['key'], string>;
  money: (amount: string) => string;
}) {
  return SPLIT.map(({ key }) => (
    <td key={key} className="py-2 pr-2 text-right">
      {money(amounts[key])}
    </td>
  ));
}

function ReceiptTable({ receipt }: { receipt: OrderReceiptDto }) {
  const t = useT();
  const { lines, totals } = receipt;
  const money = moneyOf(receipt);
  // The order's own lines after the items (decisions 188, 189, 222, 223), as the mails list them.
  const extras = [
    { label: t('receipt.salesTax'), amount: totals.salesTax },
    { label: t('receipt.tip'), amount: totals.tip },
    { label: t('receipt.promoCode'), amount: totals.discount, off: true },
    { label: t('receipt.gift'), amount: totals.gift },
    { label: t('receipt.giftFee'), amount: totals.giftFee },
  ].filter((extra) => Number(extra.amount) !== 0);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('confirmation.yourOrderEachLine')}</caption>
      <thead>
        <tr className="border-b border-line text-left text-xs text-muted">
          <th scope="col" className="py-2 pr-2 font-medium">
            {t('confirmation.item')}
          </th>
          {SPLIT.map(({ key }) => (
            <th key={key} scope="col" className="py-2 pr-2 text-right font-medium">
              {t(`receipt.${key}`)}
            </th>
          ))}
          <th scope="col" className="py-2 text-right font-medium">
            {t('confirmation.total')}
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {lines.map((line) => (
          <tr key={line.menuItemId} className="border-b border-line align-top">
            <th scope="row" className="py-2 pr-2 text-left font-normal break-words">
              {line.quantity} × {line.name}
              <span className="block text-xs text-muted">
                {t('confirmation.each', { money: money(line.unitPrice) })}
              </span>
            </th>
            <SplitCells amounts={line} money={money} />
            <td className="py-2 text-right font-medium">{money(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="tabular-nums">
        <tr className="font-semibold">
          <th scope="row" className="py-2 pr-2 text-left">
            {extras.length > 0 ? t('confirmation.items') : t('confirmation.total')}
          </th>
          <SplitCells amounts={totals} money={money} />
          <td className="py-2 text-right">{money(totals.total)}</td>
        </tr>
        {/* The sales tax and the tip are the order's own lines (decisions 188, 189), then what the card pays. */}
        {extras.map((extra) => (
          <tr key={extra.label}>
            <th scope="row" colSpan={4} className="py-1 pr-2 text-left font-normal">
              {extra.label}
            </th>
            <td className="py-1 text-right">
              {extra.off ? '−' : ''}
              {money(extra.amount)}
            </td>
          </tr>
        ))}
        {extras.length > 0 && (
          <tr className="border-t border-line font-semibold">
            <th scope="row" colSpan={4} className="py-2 pr-2 text-left">
              {t('confirmation.total')}
            </th>
            <td className="py-2 text-right">{money(totals.charged)}</td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}

function PickupCode({ receipt }: { receipt: OrderReceiptDto }) {
  const t = useT();
  const code = receipt.order.pickupCode;
  if (!code || !receipt.links.pickupQr) return null;
  return (
    <TitledCard
      title={t('confirmation.yourPickupCode')}
      contentClassName="flex flex-col items-center gap-3 text-center sm:flex-row sm:text-left"
    >
      <img
        src={sitePath(receipt.links.pickupQr)}
        width={160}
        height={160}
        alt={t('confirmation.qrCodeOfPickup', { code: code })}
        className="size-40 rounded-lg border border-line"
      />
      <div>
        <p className="font-mono text-3xl font-bold tracking-widest" data-testid="pickup-code">
          {code}
        </p>
        <p className="mt-1 text-sm text-muted">{t('confirmation.showThisCodeOr')}</p>
      </div>
    </TitledCard>
  );
}

function Confirmation({ receipt }: { receipt: OrderReceiptDto }) {
  const t = useT();
  const { event, order } = receipt;
  const startsAt = new Date(event.startsAt);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <title>{t('confirmation.orderConfirmedFoodTruck', { title: event.title })}</title>
      <header className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
          <CircleCheck aria-hidden="true" className="size-5" /> {t('confirmation.order')}
          {order.id}
        </p>
        <h1 className="font-display text-2xl font-bold break-words sm:text-3xl">
          {order.status === 'pending'
            ? t('confirmation.almostThere')
            : t('confirmation.thanks', { customerName: order.customerName })}
        </h1>
        <p className="text-stone-700">
          {t('confirmation.yourPreOrderFor')} <strong className="break-words">{event.title}</strong>{' '}
          {t('confirmation.from')} {event.foodTruckName}.
        </p>
      </header>
      <NextSteps receipt={receipt} />
      <PickupTimeNote pickup={receipt.pickup} timeZone={event.timeZone} />
      <PickupCode receipt={receipt} />
      <TitledCard title={t('confirmation.receipt')} contentClassName="space-y-3">
        <ReceiptTable receipt={receipt} />
        {order.note && (
          <p className="text-sm break-words">
            <span className="font-semibold">{t('confirmation.yourNoteToThe')}</span> “{order.note}”
          </p>
        )}
        <p className="flex gap-2 text-xs text-muted">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          {t('confirmation.foodGoesToThe', { email: order.customerEmail })}
        </p>
      </TitledCard>
      <TitledCard title={t('confirmation.whenAndWhere')} contentClassName="space-y-3">
        <IconText icon={Clock} iconClassName="size-4 text-muted">
          {formatEventDate(startsAt, event.timeZone)}, {formatEventTime(startsAt, event.timeZone)}{' '}
          {t('confirmation.to')} {formatEventTime(new Date(event.endsAt), event.timeZone)}
          <span className="block break-words text-sm text-muted">{event.location}</span>
        </IconText>
        <div className="flex flex-wrap gap-2">
          <a href={sitePath(receipt.links.calendar)} download className={buttonClass('outline', 'sm')}>
            <CalendarPlus aria-hidden="true" className="size-4" /> {t('confirmation.addToCalendar')}
          </a>
          <ShareButtons
            url={receipt.links.share}
            details={{
              title: event.title,
              location: event.location,
              date: formatEventDate(startsAt, event.timeZone),
              percentFunded: event.percentFunded,
            }}
          />
        </div>
      </TitledCard>
      <Link to={sitePath(receipt.links.event)} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
        {t('confirmation.backToTheEvent')}
      </Link>
    </div>
  );
}

/** /events/public/{id}/orders/{orderId}: the diner's confirmation after paying, and the receipt link's page. */
export function OrderConfirmationPage() {
  const t = useT();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const eventId = parseId(params.id);
  const orderId = parseId(params.orderId);
  const receipt = useOrderReceipt(eventId ?? 0, orderId ?? 0, searchParams.get('token') ?? undefined);
  if (
    eventId === null ||
    orderId === null ||
    (receipt.error instanceof ApiError && receipt.error.status === 404)
  ) {
    return (
      <div className="mx-auto max-w-lg space-y-4 px-4 py-16">
        <title>{t('confirmation.orderNotFoundFood')}</title>
        <Alert tone="error" title={t('confirmation.orderNotFound')}>
          {t('confirmation.thisOrderIsNot')}
        </Alert>
        {eventId !== null && (
          <Link to={`/events/public/${eventId}`} className={buttonClass('outline', 'sm')}>
            {t('confirmation.goToTheEvent')}
          </Link>
        )}
      </div>
    );
  }
  if (receipt.isPending)
    return <Spinner label={t('confirmation.loadingYourOrder')} className="min-h-[60vh]" />;
  if (receipt.isError)
    return (
      <LoadError page title={t('confirmation.couldNotLoadYour')} query={receipt}>
        <title>{t('confirmation.orderFoodTruckFund')}</title>
      </LoadError>
    );
  return <Confirmation receipt={receipt.data} />;
}
