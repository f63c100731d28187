import { useEffect, useMemo } from 'react';
import { mergeChatMessages, type ChatConversationSummary, type ChatMessage } from '@core/chat';
import { Link } from 'react-router';
import { intlLocale } from '@core/language';
import { ORDER_STATUSES, type OrderStatus } from '@core/order-status';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/format-money';
import { useLanguage, useT } from '@web/lib/i18n';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useAdminChat } from '../api/get-admin-chat';
import { CHAT_CLOSED_ERROR, CHAT_CONNECT_ERROR, useChatConnection } from '../hooks/use-chat-connection';
import { ChatComposer } from './chat-composer';
import { ChatMessageList, visitorName } from './chat-message-list';
import { ConnectingIndicator, ConnectionProblem } from './chat-status';

interface ConversationView extends ChatConversationSummary {
  messages: ChatMessage[];
  lastActivity: number;
}

/**
 * Groups the polled listing and the live messages into conversations, the most recently active
 * first. A conversation that started since the last poll is named after its first visitor message.
 */
export function groupConversations(
  summaries: ChatConversationSummary[],
  messages: ChatMessage[],
): ConversationView[] {
  const byId = new Map<number, ConversationView>();
  for (const summary of summaries) {
    byId.set(summary.id, { ...summary, messages: [], lastActivity: summary.lastMessageAt });
  }
  for (const message of messages) {
    if (message.conversationId === null || message.type !== 'message') continue;
    let view = byId.get(message.conversationId);
    if (!view) {
      view = {
        id: message.conversationId,
        displayName: message.senderRole === 'visitor' ? message.sender : 'Visitor',
        userId: null,
        lastMessageAt: message.timestamp,
        messageCount: 0,
        page: null,
        guest: null,
        orders: [],
        messages: [],
        lastActivity: message.timestamp,
      };
      byId.set(message.conversationId, view);
    }
    view.messages.push(message);
    view.lastActivity = Math.max(view.lastActivity, message.timestamp);
  }
  return [...byId.values()].sort((a, b) => b.lastActivity - a.lastActivity || b.id - a.id);
}

/** The admins' support chat monitor (/admin/chat). */
export function ChatMonitor({ adminId }: { adminId: number }) {
  const t = useT('app');
  const listing = useAdminChat();
  const live = useChatConnection({ identity: `user:${adminId}` });
  const { connect, disconnect } = live;

  useEffect(() => {
    void connect();
    return () => disconnect();
  }, [connect, disconnect]);

  const conversations = useMemo(
    () =>
      groupConversations(
        listing.data?.conversations ?? [],
        mergeChatMessages(listing.data?.messages ?? [], live.messages),
      ),
    [listing.data, live.messages],
  );
  const notices = live.messages.filter((m) => m.type === 'system');

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('chat.monitor.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('chat.monitor.refreshed')}</p>
        </div>
        {listing.data && (
          <p className="rounded-full bg-stone-100 px-3 py-1 text-sm" aria-live="polite">
            {t('chat.monitor.active')} <strong>{listing.data.activeConnections}</strong>
          </p>
        )}
      </div>

      <div className="mt-4 space-y-2">
        {live.status === 'connecting' && <ConnectingIndicator label={t('chat.monitor.connecting')} />}
        {(live.status === 'error' || live.status === 'closed') && (
          <ConnectionProblem
            message={live.status === 'error' ? CHAT_CONNECT_ERROR : CHAT_CLOSED_ERROR}
            onRetry={() => void connect()}
          />
        )}
        {notices.length > 0 && (
          <p role="status" className="text-sm text-red-700">
            {notices.at(-1)!.text}
          </p>
        )}
      </div>

      {listing.isPending ? (
        <Spinner label={t('chat.monitor.loading')} />
      ) : listing.isError && !listing.data ? (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p>{t('chat.monitor.failed')}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void listing.refetch()}>
            {t('chat.monitor.retry')}
          </Button>
        </div>
      ) : conversations.length === 0 ? (
        <p className="mt-10 text-center text-muted">{t('chat.monitor.none')}</p>
      ) : (
        <ul className="mt-6 space-y-6" aria-label={t('chat.monitor.conversations')}>
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationCard
                conversation={conversation}
                canSend={live.status === 'connected'}
                undelivered={live.undelivered}
                onSend={(text) => {
                  const lastFromVisitor = conversation.messages
                    .filter((m) => m.senderRole === 'visitor')
                    .at(-1);
                  return live.send(text, { conversationId: conversation.id, replyTo: lastFromVisitor?.id });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const isOrderStatus = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** Who the visitor is and where they are, so support can look things up (decision 158). */
function VisitorContext({ conversation }: { conversation: ConversationView }) {
  const t = useT('app');
  const { guest, page, orders } = conversation;
  if (!guest && !page && orders.length === 0) return null;
  return (
    <div className="space-y-2 rounded-md bg-stone-50 p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {guest && (
          <>
            <dt className="text-muted">{t('chat.monitor.email')}</dt>
            <dd className="break-all">
              <a href={`mailto:${guest.email}`} className="underline underline-offset-2">
                {guest.email}
              </a>
            </dd>
          </>
        )}
        {page && (
          <>
            <dt className="text-muted">{t('chat.monitor.wroteFrom')}</dt>
            <dd className="break-all">
              <Link to={page} className="underline underline-offset-2">
                {page}
              </Link>
            </dd>
          </>
        )}
      </dl>
      {orders.length > 0 && (
        <div>
          <p className="font-semibold">{t('chat.monitor.orders')}</p>
          <ul className="mt-1 space-y-1">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap gap-x-2">
                <Link to={`/my-events/${order.eventId}`} className="font-medium underline underline-offset-2">
                  {t('chat.monitor.order', { id: order.id })}
                </Link>
                <span className="text-muted">
                  {isOrderStatus(order.status) ? t(`bookings.orderStatus.${order.status}`) : order.status} ·{' '}
                  {formatMoney(order.total, order.currency)}
                  {order.pickupCode && <> · {t('chat.monitor.code', { code: order.pickupCode })}</>}
                </span>
                <Link
                  to={`/events/public/${order.eventId}`}
                  className="break-words underline underline-offset-2"
                >
                  {order.eventTitle}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function ConversationCard({
  conversation,
  canSend,
  undelivered,
  onSend,
}: {
  conversation: ConversationView;
  canSend: boolean;
  undelivered: ReadonlySet<string>;
  onSend: (text: string) => boolean;
}) {
  const t = useT('app');
  const translateCommon = useT();
  const language = useLanguage();
  const dateTimeFormat = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const headingId = `conversation-${conversation.id}`;
  // A guest who ordered goes by the name they gave at checkout; others by "Guest" and the conversation number.
  const name = conversation.userId
    ? conversation.displayName
    : conversation.guest
      ? conversation.guest.name
      : `${visitorName(conversation.displayName, translateCommon)} #${conversation.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id={headingId}>
          {name}
          <span className="ml-2 text-xs font-normal text-muted">
            {conversation.userId ? t('chat.monitor.signedIn') : t('chat.monitor.guest')}
          </span>
        </CardTitle>
        <p className="text-xs text-muted">
          {t('chat.monitor.lastMessage')}{' '}
          <time dateTime={new Date(conversation.lastActivity).toISOString()}>
            {dateTimeFormat.format(conversation.lastActivity)}
          </time>
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <VisitorContext conversation={conversation} />
        <ChatMessageList
          messages={conversation.messages}
          ownRole="admin"
          undelivered={undelivered}
          label={t('chat.monitor.messagesWith', { name })}
          className="max-h-72"
        />
        <ChatComposer
          label={t('chat.monitor.replyTo', { name })}
          canSend={canSend}
          onSend={onSend}
          placeholder={t('chat.monitor.placeholder')}
        />
      </CardContent>
    </Card>
  );
}
