import { MessageCircle } from 'lucide-react';
import { useT } from '../lib/i18n';
import { openSupportChat } from '../lib/support-chat';

/**
 * The support chat's round button, without the chat: the chat's code (its dialog, message list and
 * schemas, about 40 KB) loads at the first press, not on every visit (issue 42, decision 232). The
 * press asks for the chat, which opens as soon as it has loaded.
 */
export function SupportChatLauncher() {
  const t = useT();
  return (
    <button
      type="button"
      aria-label={t('chat.open')}
      onClick={openSupportChat}
      className="fixed bottom-4 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <MessageCircle aria-hidden="true" className="size-6" />
    </button>
  );
}
