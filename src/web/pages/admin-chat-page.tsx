import { rolePage } from '../app/session-gate';
import { ChatMonitor } from '../features/chat/components/chat-monitor';

/** /admin/chat: admins only; anyone else gets the 404 page. */
export const AdminChatPage = rolePage(
  { titleKey: 'tabTitles.supportChatMonitor', roles: ['admin'], otherwise: 'not-found' },
  (user) => <ChatMonitor adminId={user.id} />,
);
