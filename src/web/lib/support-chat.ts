/**
 * Any screen may open the support chat (e.g. the event page's "Chat with support"): the chat widget,
 * mounted once by the layout, listens for this window event. Features don't import each other.
 */
export const OPEN_SUPPORT_CHAT_EVENT = 'ftf:open-support-chat';

/** Asked for before the widget was there to hear it (it mounts after the page has loaded). */
let openRequested = false;

export function openSupportChat(): void {
  openRequested = true;
  window.dispatchEvent(new Event(OPEN_SUPPORT_CHAT_EVENT));
}

/** True once when the chat was asked for and not yet opened; the widget calls it as it mounts and opens. */
export function takeSupportChatRequest(): boolean {
  const requested = openRequested;
  openRequested = false;
  return requested;
}
