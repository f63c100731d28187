import type { User } from '../features/auth/api/get-user';
import { DialogClose } from '../components/ui/dialog';
import { ChatWidget } from '../features/chat/components/chat-widget';
import { TourStartButton } from '../features/tour/components/tour-restart-button';

/** The support chat's button and dialog, with the tour's restart button in its welcome (loaded after the page). */
export function SupportChat({ user }: { user: User | null | undefined }) {
  return (
    <ChatWidget
      user={user}
      welcomeExtra={
        <DialogClose asChild>
          <TourStartButton className="mt-3" />
        </DialogClose>
      }
    />
  );
}
