import { CHAT_SCHEMA_MESSAGES, CHAT_TEXT_MAX_LENGTH } from '../../core/chat';
import type { Language } from '../../core/language';
import { validationMessageIn } from '../http/validation-words';
import { translator } from '../i18n';

/** What the hub tells one socket about a frame it refused, in the spec's English (`server:chat.*`). */
export const CHAT_NOTICES = {
  notSent: 'Your message could not be sent. Please try again.',
  tooFast: "You're sending messages too fast. Please wait a moment.",
  notText: 'Messages must be text.',
  notJson: 'Messages must be JSON.',
  chooseConversation: 'Choose the conversation to reply to.',
  idTaken: 'This message id is already taken. Please send the message again.',
} as const;

const NOTICE_KEYS = new Map<string, string>(
  Object.entries({ ...CHAT_NOTICES, ...CHAT_SCHEMA_MESSAGES }).map(([key, text]) => [text, key]),
);

/**
 * A system notice in the socket's language (the page's when it opened the chat): the hub's and the
 * chat schema's words from `server:chat`, zod's generic ones as a refused form says them; English,
 * and any text no catalog holds, as it is.
 */
export function chatNoticeIn(language: Language, text: string): string {
  if (language === 'en') return text;
  const key = NOTICE_KEYS.get(text);
  if (key) return translator(language)(`server:chat.${key}`, { max: CHAT_TEXT_MAX_LENGTH });
  return validationMessageIn(language, text) ?? text;
}
