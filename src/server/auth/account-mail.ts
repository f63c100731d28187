import type { OutgoingMail } from '../outbox/enqueue-mail';
import { renderMail, type MailContent } from '../outbox/templates';

/*
 * Links carry their token after `#`: browsers never send the fragment to a server, so the token stays
 * out of access logs and Referer headers; the page reads it and posts it (docs/decisions/120).
 */

/** A mail about someone's account, greeted by their username. */
function accountMail(
  kind: string,
  to: string,
  username: string,
  subject: string,
  content: Omit<MailContent, 'greeting'>,
): OutgoingMail {
  return { kind, to, subject, ...renderMail({ greeting: `Hi ${username},`, ...content }) };
}

export function passwordResetMail(
  to: string,
  username: string,
  baseUrl: string,
  token: string,
): OutgoingMail {
  return accountMail('password-reset', to, username, 'Reset your Food Truck Fund password', {
    paragraphs: [
      `Someone asked to reset the password of your Food Truck Fund account "${username}". If it was you, choose a new password with the link below.`,
      'The link works once, for 1 hour. Resetting signs you out on every device.',
    ],
    action: { label: 'Choose a new password', url: `${baseUrl}/reset-password#token=${token}` },
    footer: "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
  });
}

export function verificationMail(to: string, username: string, baseUrl: string, token: string): OutgoingMail {
  return accountMail('email-verification', to, username, 'Confirm your e-mail address', {
    paragraphs: [
      `Please confirm that ${to} is the address of your Food Truck Fund account "${username}".`,
      'The link works once, for 48 hours.',
    ],
    action: { label: 'Confirm my e-mail address', url: `${baseUrl}/verify-email#token=${token}` },
    footer: "If you didn't create this account, ignore this e-mail.",
  });
}

export function passwordChangedMail(to: string, username: string, baseUrl: string): OutgoingMail {
  return accountMail('password-changed', to, username, 'Your Food Truck Fund password was changed', {
    paragraphs: [
      `The password of your Food Truck Fund account "${username}" was just changed, and every other device was signed out.`,
      'If it wasn\'t you, reset your password now with "Forgot password?" on the sign-in page.',
    ],
    action: { label: 'Sign in', url: `${baseUrl}/auth` },
  });
}

export function emailChangedMail(
  to: string,
  username: string,
  newAddress: string,
  baseUrl: string,
): OutgoingMail {
  return accountMail(
    'email-changed',
    to,
    username,
    'The e-mail address of your Food Truck Fund account was changed',
    {
      paragraphs: [
        `The e-mail address of your Food Truck Fund account "${username}" was changed to ${newAddress}. Mail about your account now goes there, and password reset links will once that address is confirmed. Any reset link we sent here no longer works.`,
        "If it wasn't you, sign in and change your password and address, or write to our support chat.",
      ],
      action: { label: 'Sign in', url: `${baseUrl}/auth` },
    },
  );
}

export function emailRemovedMail(to: string, username: string, baseUrl: string): OutgoingMail {
  return accountMail(
    'email-changed',
    to,
    username,
    'The e-mail address of your Food Truck Fund account was removed',
    {
      paragraphs: [
        `The e-mail address of your Food Truck Fund account "${username}" was removed. We no longer write here, and any reset link we sent here no longer works.`,
        "If it wasn't you, sign in and change your password and address, or write to our support chat.",
      ],
      action: { label: 'Sign in', url: `${baseUrl}/auth` },
    },
  );
}
