import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createMessageId,
  mergeChatMessages,
  parseChatMessage,
  type ChatMessage,
  type ChatSenderRole,
} from '@core/chat';
import { getChatHistory } from '../api/get-chat-history';
import { apiPath } from '@web/lib/api-client';

/** Closed (idle), then connecting, then connected, or error / closed. */
export type ChatStatus = 'idle' | 'connecting' | 'connected' | 'error' | 'closed';

/** What a failed or closed connection says (keys of the `common` catalog: the widget is on diners' pages). */
export const CHAT_CONNECT_ERROR = 'chat.connectError';
export const CHAT_CLOSED_ERROR = 'chat.closedError';

export interface SendOptions {
  replyTo?: string;
  conversationId?: number;
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${protocol}://${window.location.host}${apiPath('/ws/chat')}`;
}

/**
 * One support-chat connection: loads the conversation's history over HTTP, then opens /ws/chat.
 * Incoming messages whose id was already seen (the echo of one's own message, or one already in the
 * history) are ignored; a system notice naming one of one's own messages marks it as not delivered.
 * `identity` changing (sign-in, sign-out) drops everything held for the previous person.
 */
export function useChatConnection({ identity }: { identity: string }) {
  const [status, setStatus] = useState<ChatStatus>('idle');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [undelivered, setUndelivered] = useState<ReadonlySet<string>>(new Set());
  const [sender, setSender] = useState<string | null>(null);
  const [isAdmin, setIsAdmin] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const ownIds = useRef(new Set<string>());

  const receive = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => mergeChatMessages(current, incoming));
    const refused = incoming.filter((m) => m.type === 'system' && m.replyTo && ownIds.current.has(m.replyTo));
    if (refused.length > 0) {
      setUndelivered((current) => new Set([...current, ...refused.map((m) => m.replyTo!)]));
    }
  }, []);

  const disconnect = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    const socket = socketRef.current;
    socketRef.current = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      // Closing a socket still connecting makes the browser log an error; close it once it opens.
      if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000);
      else socket.close(1000);
    }
    setStatus('idle');
  }, []);

  const connect = useCallback(async () => {
    disconnect();
    const abort = new AbortController();
    abortRef.current = abort;
    setStatus('connecting');
    try {
      const history = await getChatHistory(abort.signal);
      if (abort.signal.aborted) return;
      setSender(history.sender);
      setIsAdmin(history.isAdmin);
      receive(history.messages);
    } catch {
      if (!abort.signal.aborted) setStatus('error');
      return;
    }
    const socket = new WebSocket(socketUrl());
    socketRef.current = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      setStatus('connected');
    };
    socket.onmessage = (event) => {
      const message = typeof event.data === 'string' ? parseChatMessage(event.data) : null;
      if (message) receive([message]);
    };
    socket.onerror = () => {
      if (!opened) setStatus('error');
    };
    socket.onclose = () => {
      socketRef.current = null;
      setStatus(opened ? 'closed' : 'error');
    };
  }, [disconnect, receive]);

  /** Sends trimmed, non-empty text while connected; false when nothing was sent. */
  const send = useCallback(
    (rawText: string, options: SendOptions = {}): boolean => {
      const text = rawText.trim();
      const socket = socketRef.current;
      if (!text || !socket || socket.readyState !== WebSocket.OPEN || status !== 'connected') return false;
      const id = createMessageId();
      const timestamp = Date.now();
      const senderName = sender ?? 'Guest';
      ownIds.current.add(id);
      const senderRole: ChatSenderRole = isAdmin ? 'admin' : 'visitor';
      receive([
        {
          id,
          type: 'message',
          text,
          sender: senderName,
          senderRole,
          timestamp,
          replyTo: options.replyTo ?? null,
          conversationId: options.conversationId ?? null,
        },
      ]);
      socket.send(
        JSON.stringify({
          id,
          type: 'message',
          text,
          sender: senderName,
          timestamp,
          ...(options.replyTo ? { replyTo: options.replyTo } : {}),
          ...(options.conversationId ? { conversationId: options.conversationId } : {}),
          // Support sees where a visitor wrote from: the path only, never a query string's token.
          ...(isAdmin ? {} : { page: window.location.pathname.slice(0, 300) }),
        }),
      );
      return true;
    },
    [isAdmin, receive, sender, status],
  );

  // Another person in this browser: nothing of the previous one's conversation stays on screen.
  useEffect(() => {
    setMessages([]);
    setUndelivered(new Set());
    setSender(null);
    setIsAdmin(false);
    ownIds.current = new Set();
    return () => disconnect();
  }, [identity, disconnect]);

  return { status, messages, undelivered, sender, isAdmin, connect, disconnect, send };
}
