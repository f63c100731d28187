import { RequireRole } from '../app/session-gate';
import { ChatMonitor } from '../features/chat/components/chat-monitor';

/** /admin/chat: admins only; anyone else gets the 404 page. */
export function AdminChatPage() {
  return (
    <>
      <title>Support Chat Monitor · Food Truck Fund</title>
      <RequireRole roles={['admin']} otherwise="not-found">
        {(user) => <ChatMonitor adminId={user.id} />}
      </RequireRole>
    </>
  );
}
