import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXT_MAX_LENGTH,
  chatClientMessageSchema,
  createMessageId,
  createSystemNotice,
  isMessageId,
  mergeChatMessages,
  parseChatMessage,
  type ChatMessage,
} from './chat';

const message = (id: string, timestamp: number, text = id): ChatMessage => ({
  id,
  type: 'message',
  text,
  sender: 'Guest',
  senderRole: 'visitor',
  timestamp,
  replyTo: null,
  conversationId: 1,
});

describe('message ids', () => {
  it('are msg-{time}-{random}', () => {
    expect(createMessageId(1_700_000_000_000, () => 'abc123xyz')).toBe('msg-1700000000000-abc123xyz');
    const id = createMessageId();
    expect(id).toMatch(/^msg-\d{13}-[a-z0-9]{14}$/);
    expect(isMessageId(id)).toBe(true);
  });

  it('differ from one call to the next, even in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createMessageId(42)));
    expect(ids.size).toBe(1000);
  });

  it('refuse anything else', () => {
    for (const bad of [
      '',
      'msg-',
      'msg-12-',
      'msg-abc-def123',
      'x-1-abcdef',
      'msg-1-ABCDEF',
      `msg-1-${'a'.repeat(40)}`,
    ]) {
      expect(isMessageId(bad), bad).toBe(false);
    }
  });
});

describe('what a client may send', () => {
  const valid = { id: 'msg-1-abcdef', type: 'message', text: '  hello  ', sender: 'Guest', timestamp: 1 };

  it('trims the text', () => {
    expect(chatClientMessageSchema.parse(valid).text).toBe('hello');
  });

  it('refuses empty, too long or control-character text and system messages', () => {
    expect(chatClientMessageSchema.safeParse({ ...valid, text: '   ' }).success).toBe(false);
    expect(
      chatClientMessageSchema.safeParse({ ...valid, text: 'x'.repeat(CHAT_TEXT_MAX_LENGTH + 1) }).success,
    ).toBe(false);
    expect(
      chatClientMessageSchema.safeParse({ ...valid, text: 'x'.repeat(CHAT_TEXT_MAX_LENGTH) }).success,
    ).toBe(true);
    expect(chatClientMessageSchema.safeParse({ ...valid, text: 'bell\u0007' }).success).toBe(false);
    expect(chatClientMessageSchema.safeParse({ ...valid, text: 'half \ud83d' }).success).toBe(false);
    expect(chatClientMessageSchema.safeParse({ ...valid, text: 'line\nbreak 🌮' }).success).toBe(true);
    expect(chatClientMessageSchema.safeParse({ ...valid, type: 'system' }).success).toBe(false);
    expect(chatClientMessageSchema.safeParse({ ...valid, id: 'nope' }).success).toBe(false);
  });
});

describe('mergeChatMessages', () => {
  it('ignores ids already seen and keeps time order', () => {
    const a = message('msg-1-aaaaaa', 1);
    const b = message('msg-3-bbbbbb', 3);
    const c = message('msg-2-cccccc', 2);
    const merged = mergeChatMessages([a, b], [c, { ...b, text: 'echo' }, c]);
    expect(merged.map((m) => m.id)).toEqual([a.id, c.id, b.id]);
    expect(merged.find((m) => m.id === b.id)?.text).toBe(b.id);
  });

  it('returns the same list when nothing is new', () => {
    const list = [message('msg-1-aaaaaa', 1)];
    expect(mergeChatMessages(list, [message('msg-1-aaaaaa', 1)])).toBe(list);
  });
});

describe('parseChatMessage', () => {
  it('reads a server frame and refuses anything else', () => {
    const m = message('msg-5-eeeeee', 5);
    expect(parseChatMessage(JSON.stringify(m))).toEqual(m);
    expect(parseChatMessage('not json')).toBeNull();
    expect(parseChatMessage('{"id":1}')).toBeNull();
    expect(parseChatMessage('null')).toBeNull();
  });

  it('reads system notices', () => {
    const notice = createSystemNotice('Slow down', 10, 'msg-5-eeeeee');
    expect(notice.id).toMatch(/^sys-10-/);
    expect(parseChatMessage(JSON.stringify(notice))).toMatchObject({
      type: 'system',
      replyTo: 'msg-5-eeeeee',
    });
  });
});
