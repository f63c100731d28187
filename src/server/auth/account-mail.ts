import { isLanguage, type Language } from '../../core/language';
import { translator } from '../i18n';
import type { OutgoingMail } from '../outbox/enqueue-mail';
import { renderMail, type MailContent } from '../outbox/templates';

/*
 * Links carry their token after `#`: browsers never send the fragment to a server, so the token stays
 * out of access logs and Referer headers; the page reads it and posts it (docs/decisions/120).
 * Every mail about an account is in the account's saved language, English until one is chosen
 * (decision 229).
 */

/** Whom an account mail is for: the address, the username it greets, the saved language. */
export interface AccountReader {
  to: string;
  username: string;
  language: string | null;
}

/** A mail about someone's account, greeted by their username. */
function accountMail(
  kind: string,
  reader: AccountReader,
  write: (t: ReturnType<typeof translator>) => { subject: string } & Omit<MailContent, 'greeting'>,
): OutgoingMail {
  const language: Language = isLanguage(reader.language) ? reader.language : 'en';
  const t = translator(language);
  const { subject, ...content } = write(t);
  return {
    kind,
    to: reader.to,
    subject,
    ...renderMail({ language, greeting: t('mail:account.greeting', { name: reader.username }), ...content }),
  };
}

export function passwordResetMail(reader: AccountReader, baseUrl: string, token: string): OutgoingMail {
  return accountMail('password-reset', reader, (t) => ({
    subject: t('mail:account.reset.subject'),
    paragraphs: [t('mail:account.reset.asked', { username: reader.username }), t('mail:account.reset.once')],
    action: { label: t('mail:account.reset.action'), url: `${baseUrl}/reset-password#token=${token}` },
    footer: t('mail:account.reset.footer'),
  }));
}

export function verificationMail(reader: AccountReader, baseUrl: string, token: string): OutgoingMail {
  return accountMail('email-verification', reader, (t) => ({
    subject: t('mail:account.verify.subject'),
    paragraphs: [
      t('mail:account.verify.confirm', { address: reader.to, username: reader.username }),
      t('mail:account.verify.once'),
    ],
    action: { label: t('mail:account.verify.action'), url: `${baseUrl}/verify-email#token=${token}` },
    footer: t('mail:account.verify.footer'),
  }));
}

export function passwordChangedMail(reader: AccountReader, baseUrl: string): OutgoingMail {
  return accountMail('password-changed', reader, (t) => ({
    subject: t('mail:account.passwordChanged.subject'),
    paragraphs: [
      t('mail:account.passwordChanged.changed', { username: reader.username }),
      t('mail:account.passwordChanged.notYou'),
    ],
    action: { label: t('mail:account.signIn'), url: `${baseUrl}/auth` },
  }));
}

export function emailChangedMail(reader: AccountReader, newAddress: string, baseUrl: string): OutgoingMail {
  return accountMail('email-changed', reader, (t) => ({
    subject: t('mail:account.emailChanged.subject'),
    paragraphs: [
      t('mail:account.emailChanged.changed', { username: reader.username, address: newAddress }),
      t('mail:account.notYou'),
    ],
    action: { label: t('mail:account.signIn'), url: `${baseUrl}/auth` },
  }));
}

export function emailRemovedMail(reader: AccountReader, baseUrl: string): OutgoingMail {
  return accountMail('email-changed', reader, (t) => ({
    subject: t('mail:account.emailRemoved.subject'),
    paragraphs: [
      t('mail:account.emailRemoved.removed', { username: reader.username }),
      t('mail:account.notYou'),
    ],
    action: { label: t('mail:account.signIn'), url: `${baseUrl}/auth` },
  }));
}
