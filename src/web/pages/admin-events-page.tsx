import { PageHeader } from '../components/ui/page-header';
import { useId, useState, type FormEvent } from 'react';
import { RolePage } from '../app/session-gate';
import { LoadError } from '../components/load-more';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { FormField } from '../components/ui/form-field';
import { Input, Textarea } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { useAdminEvents, type AdminEvent } from '../features/admin/api/get-admin-events';
import { useAdminCancelEvent, useSetEventHidden } from '../features/admin/api/set-event-hidden';
import { AdminEventRow } from '../features/admin/components/admin-event-row';
import { RefundFailuresPanel } from '../features/admin/components/refund-failures-panel';
import { useT } from '../lib/i18n';

/** The reason an admin gives for a take-down or a call-off: required, at most 500 characters. */
function ReasonField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <FormField label={label} className="mt-4">
      <Textarea value={value} maxLength={500} rows={3} required onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/**
 * What an admin does to an event with a reason everyone concerned is told: take it down (hide) or
 * call it off. The confirmation names the event and says what follows (keys under `events.admin.<action>`:
 * title, describe, confirm, pending, reason).
 */
type ReasonedAction = 'hide' | 'callOff';

function AdminEvents() {
  const t = useT('app');
  // The cursors of the pages behind this one: the first page has none, Previous drops the last.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const page = cursors.length;
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [hiddenOnly, setHiddenOnly] = useState(false);
  const [acting, setActing] = useState<{ event: AdminEvent; action: ReasonedAction } | null>(null);
  const [reason, setReason] = useState('');
  const events = useAdminEvents(cursors.at(-1) ?? null, page, query, hiddenOnly);
  const setHidden = useSetEventHidden();
  const callOff = useAdminCancelEvent();
  const searchId = useId();
  const reasonOk = reason.trim().length >= 3;

  function closeDialogs() {
    setActing(null);
    setReason('');
  }

  function confirmCallOff(target: AdminEvent) {
    if (!reasonOk) return;
    const title = target.title;
    callOff.mutate(
      { eventId: target.id, reason: reason.trim() },
      {
        onSuccess: (event) =>
          toast({
            title: t('events.success'),
            description: event.cutShortAt
              ? t('events.admin.endedEarly', { title })
              : t('events.admin.calledOff', { title }),
          }),
        onSettled: closeDialogs,
      },
    );
  }

  function apply(event: AdminEvent, hidden: boolean) {
    if (hidden && !reasonOk) return;
    setHidden.mutate(
      { eventId: event.id, hidden, ...(hidden ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () =>
          toast({
            title: t('events.success'),
            description: hidden
              ? t('events.admin.hidden', { title: event.title })
              : t('events.admin.public', { title: event.title }),
          }),
        onSettled: closeDialogs,
      },
    );
  }

  function onSearch(e: FormEvent) {
    e.preventDefault();
    setCursors([null]);
    setQuery(draft.trim());
  }

  const lastPage = events.data ? Math.max(1, Math.ceil(events.data.total / events.data.pageSize)) : 1;
  const nextCursor = events.data?.nextCursor ?? null;
  const action = `events.admin.${acting?.action ?? 'hide'}`;
  const actionPending = acting?.action === 'callOff' ? callOff.isPending : setHidden.isPending;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeader title={t('events.admin.title')} description={t('events.admin.description')} />
      <RefundFailuresPanel />
      <form role="search" onSubmit={onSearch} className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-ink">
            {t('events.admin.search')}
          </label>
          <Input
            id={searchId}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('events.admin.searchPlaceholder')}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('events.admin.searchButton')}
        </Button>
      </form>
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={hiddenOnly}
          onChange={(e) => {
            setCursors([null]);
            setHiddenOnly(e.target.checked);
          }}
        />
        {t('events.admin.onlyHidden')}
      </label>
      <div className="mt-4 rounded-card border border-line bg-white px-4 shadow-card">
        {events.isPending ? (
          <Spinner label={t('events.admin.loading')} />
        ) : events.isError ? (
          <LoadError title={t('myEvents.failed')} query={events} className="my-4" />
        ) : events.data.events.length === 0 ? (
          <p className="py-8 text-center text-muted">{t('events.admin.none')}</p>
        ) : (
          <ul aria-label={t('events.admin.list')}>
            {events.data.events.map((event) => (
              <AdminEventRow
                key={event.id}
                event={event}
                pending={setHidden.isPending && setHidden.variables?.eventId === event.id}
                onToggle={(e) => (e.hidden ? apply(e, false) : setActing({ event: e, action: 'hide' }))}
                onCallOff={(e) => setActing({ event: e, action: 'callOff' })}
              />
            ))}
          </ul>
        )}
      </div>
      {events.data && (page > 1 || nextCursor !== null) && (
        <nav aria-label={t('events.admin.pages')} className="mt-4 flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {t('events.admin.previous')}
          </Button>
          <span className="text-sm text-muted">
            {events.data.totalCapped
              ? t('events.admin.pageOfMore', { page, last: lastPage })
              : t('events.admin.pageOf', { page, last: Math.max(page, lastPage) })}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={nextCursor === null || events.isPlaceholderData}
            onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
          >
            {t('events.admin.next')}
          </Button>
        </nav>
      )}
      <ConfirmDialog
        open={acting !== null}
        onOpenChange={(open) => !open && closeDialogs()}
        title={t(`${action}.title`)}
        description={acting ? t(`${action}.describe`, { title: acting.event.title }) : ''}
        confirmLabel={actionPending ? t(`${action}.pending`) : t(`${action}.confirm`)}
        onConfirm={() =>
          acting && (acting.action === 'hide' ? apply(acting.event, true) : confirmCallOff(acting.event))
        }
        destructive
        pending={actionPending || !reasonOk}
      >
        <ReasonField label={t(`${action}.reason`)} value={reason} onChange={setReason} />
      </ConfirmDialog>
    </div>
  );
}

/** /admin/events: admins only; others get the 404 page, as /admin/chat. */
export function AdminEventsPage() {
  const t = useT('app');
  return (
    <RolePage title={t('events.admin.title')} roles={['admin']} otherwise="not-found">
      {() => <AdminEvents />}
    </RolePage>
  );
}
