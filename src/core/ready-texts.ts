/**
 * The one text a diner may ask for (docs/decisions/227-ready-texts.md): "your order is ready", to a
 * mobile number given at checkout with consent, carrying the order's code, the truck and the event
 * only. Numbers are kept in E.164 (`+15551234567`).
 */

/*
 * What the checkout says beside the number, the consent in words, is the catalog's `common:pickup.consent`;
 * the text's words are `mail:readyText.body`, in the diner's checkout language (src/server/pickup/ready-text.ts).
 */

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A number as typed ("(555) 123-4567", "+44 20 7946 0958") in E.164, or null when it cannot be one.
 * Ten digits without a country code are read as North American (+1), the product's market.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let candidate: string;
  if (trimmed.startsWith('+')) candidate = `+${digits}`;
  else if (digits.length === 10) candidate = `+1${digits}`;
  else if (digits.length === 11 && digits.startsWith('1')) candidate = `+${digits}`;
  else return null;
  if (!E164.test(candidate)) return null;
  // North American numbers: area code and exchange never start with 0 or 1.
  if (candidate.startsWith('+1') && (candidate.length !== 12 || /^\+1[01]|^\+1\d{3}[01]/.test(candidate)))
    return null;
  return candidate;
}

/** Answers a number may send: STOP and its synonyms end texts; START and UNSTOP resume them (Twilio's words). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export function textReplyMeaning(body: string): 'stop' | 'start' | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}
