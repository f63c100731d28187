import { useEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage, ChatSenderRole } from '@core/chat';
import { intlLocale } from '@core/language';
import { cn } from '@web/lib/cn';
import { useLanguage, useT } from '@web/lib/i18n';

/**
 * A conversation as a log: one's own messages on the right, the other side's on the left, notices
 * in the middle; each bubble at most 80% of the width.
 */
export function ChatMessageList({
  messages,
  ownRole,
  undelivered,
  label,
  empty,
  className,
}: {
  messages: ChatMessage[];
  ownRole: ChatSenderRole;
  undelivered?: ReadonlySet<string>;
  label: string;
  empty?: ReactNode;
  className?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const timeFormat = new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit' });
  const endRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  return (
    // The log is the scrolling region; the list inside it keeps list semantics (a role on the <ol>
    // itself would orphan its items).
    <div role="log" aria-label={label} aria-live="polite" className={cn('overflow-y-auto', className)}>
      <ol className="flex min-h-full flex-col gap-2">
        {messages.length === 0 && empty && (
          <li className="m-auto px-4 text-center text-sm text-muted">{empty}</li>
        )}
        {messages.map((message) => {
          if (message.type === 'system') {
            return (
              <li key={message.id} className="mx-auto max-w-[80%] text-center text-xs italic text-muted">
                {message.text}
              </li>
            );
          }
          const isOwn = message.senderRole === ownRole;
          const notDelivered = undelivered?.has(message.id);
          const who =
            message.senderRole === 'admin'
              ? t('chat.support', { name: message.sender })
              : visitorName(message.sender, t);
          return (
            <li
              key={message.id}
              className={cn(
                'flex max-w-[80%] flex-col',
                isOwn ? 'self-end items-end' : 'self-start items-start',
              )}
            >
              <span className="px-1 text-xs text-muted">
                {who} ·{' '}
                <time dateTime={new Date(message.timestamp).toISOString()}>
                  {timeFormat.format(message.timestamp)}
                </time>
              </span>
              <p
                className={cn(
                  'whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
                  isOwn ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-stone-100 text-ink',
                  notDelivered && 'opacity-60',
                )}
              >
                {message.text}
              </p>
              {notDelivered && <span className="px-1 text-xs text-red-700">{t('chat.notDelivered')}</span>}
            </li>
          );
        })}
        <li ref={endRef} aria-hidden="true" />
      </ol>
    </div>
  );
}

/**
 * A visitor's name as the server stores it, in the page's language where it is one of our words: a
 * guest without a name is "Guest" (`GUEST_SENDER` in core/chat.ts), one the page never named "Visitor".
 */
export function visitorName(sender: string, t: (key: string) => string): string {
  if (sender === 'Guest') return t('chat.guestName');
  if (sender === 'Visitor') return t('chat.visitorName');
  return sender;
}
