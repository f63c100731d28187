import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@core/chat';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { ChatMessageList } from './chat-message-list';

// The admin's chat in Spanish (issue 41): a guest's stored name ("Guest") is a word of ours, shown in
// the page's language; a name the visitor gave is theirs. English is put back for the worker's other files.
beforeAll(() => switchLanguage('es'));
afterAll(() => switchLanguage('en'));

const message = (id: string, sender: string, senderRole: ChatMessage['senderRole']): ChatMessage => ({
  id,
  type: 'message',
  conversationId: 3,
  sender,
  senderRole,
  text: `Hola de ${id}`,
  timestamp: Date.UTC(2026, 10, 20, 10),
  replyTo: null,
});

describe('the chat in Spanish', () => {
  it('names a guest "Invitado" and keeps a visitor’s own name', () => {
    render(
      <ChatMessageList
        label="Mensajes"
        ownRole="admin"
        messages={[
          message('a', 'Guest', 'visitor'),
          message('b', 'dana', 'visitor'),
          message('c', 'ana', 'admin'),
        ]}
      />,
    );
    const names = screen.getAllByText(/ ·/).map((line) => line.textContent!.split(' ·')[0]);
    expect(names).toEqual(['Invitado', 'dana', 'ana (Soporte)']);
  });
});
