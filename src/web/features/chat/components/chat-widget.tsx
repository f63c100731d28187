import { MessageCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ButtonLink } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@web/components/ui/dialog';
import { CHAT_CLOSED_ERROR, CHAT_CONNECT_ERROR, useChatConnection } from '../hooks/use-chat-connection';
import { ChatComposer } from './chat-composer';
import { ConnectingIndicator, ConnectionProblem } from './chat-status';
import { ChatMessageList } from './chat-message-list';
import { OPEN_SUPPORT_CHAT_EVENT, takeSupportChatRequest } from '@web/lib/support-chat';
import { useT } from '@web/lib/i18n';

/**
 * The support chat on every screen: a round button at the bottom right opens
 * the Support Chat dialog, which connects; closing the dialog closes the connection. Admins answer
 * from the monitor instead. `welcomeExtra` is shown under the greeting of an empty conversation.
 */
export function ChatWidget({
  user,
  welcomeExtra,
}: {
  /** The signed-in person (null for a guest); the layout reads it, so features stay apart. */
  user: { id: number; role: string } | null | undefined;
  welcomeExtra?: ReactNode;
}) {
  // `common`, not `app`: the widget is on the diners' pages, which load only that catalog.
  const t = useT();
  const [open, setOpen] = useState(false);
  const isAdmin = user?.role === 'admin';
  const identity = user ? `user:${user.id}` : 'guest';
  const chat = useChatConnection({ identity });
  const { connect, disconnect } = chat;

  useEffect(() => {
    const openChat = () => {
      takeSupportChatRequest();
      setOpen(true);
    };
    // "Chat with support" pressed before this widget had loaded: open now.
    if (takeSupportChatRequest()) setOpen(true);
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, openChat);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, openChat);
  }, []);

  useEffect(() => {
    if (!open || isAdmin) return;
    void connect();
    return () => disconnect();
  }, [open, isAdmin, identity, connect, disconnect]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-label={t('chat.open')}
          className="fixed bottom-4 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </button>
      </DialogTrigger>
      <DialogContent title={t('chat.title')} className="flex h-[400px] max-w-[425px]! flex-col gap-3">
        {isAdmin ? (
          <div className="flex flex-1 flex-col items-start justify-center gap-3 text-sm text-stone-700">
            <p>{t('chat.adminText')}</p>
            <ButtonLink to="/admin/chat" onClick={() => setOpen(false)}>
              {t('chat.monitorLink')}
            </ButtonLink>
          </div>
        ) : (
          <>
            <ChatMessageList
              messages={chat.messages}
              ownRole="visitor"
              undelivered={chat.undelivered}
              label={t('chat.messages')}
              empty={
                <>
                  <span className="block">{t('chat.welcome')}</span>
                  {welcomeExtra}
                </>
              }
              className="min-h-0 flex-1 rounded-lg border border-line p-3"
            />
            {chat.status === 'connecting' && <ConnectingIndicator />}
            {(chat.status === 'error' || chat.status === 'closed') && (
              <ConnectionProblem
                message={chat.status === 'error' ? CHAT_CONNECT_ERROR : CHAT_CLOSED_ERROR}
                onRetry={() => void connect()}
              />
            )}
            <ChatComposer
              label={t('chat.message')}
              canSend={chat.status === 'connected'}
              onSend={(text) => chat.send(text)}
              autoFocus
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
