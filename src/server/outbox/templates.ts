import type { Language } from '../../core/language';
import { translator } from '../i18n';

/** A plain layout every e-mail shares: the same words as text and as simple, escaped HTML. */
export interface MailContent {
  /** "Hi Dana," */
  greeting?: string;
  paragraphs: string[];
  /** One call to action, shown as a link (and as the bare URL in the text part). */
  action?: { label: string; url: string };
  /**
   * Labelled amounts after the paragraphs, e.g. an order's receipt: a table in HTML, "label: amount"
   * lines in text. The last row is its total (bold).
   */
  table?: { caption: string; rows: Array<{ label: string; amount: string }> };
  /** A picture after the paragraphs (HTML part only), e.g. a pickup QR code. */
  image?: { src: string; alt: string; width: number };
  /** A closing line, e.g. why the reader got this mail. */
  footer?: string;
  /** A link that stops this kind of mail, shown after the footer. */
  unsubscribeUrl?: string;
  /** The reader's language (decision 228): the layout's own words ("Unsubscribe"). English if absent. */
  language?: Language;
}

/**
 * A mail as `enqueueMail` takes it, less whom it goes to: what it is about (`kind`), its subject, and
 * `content` rendered as its text and HTML parts.
 */
export function composeMail(
  kind: string,
  subject: string,
  content: MailContent,
): { kind: string; subject: string; text: string; html: string } {
  return { kind, subject, ...renderMail(content) };
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const unsubscribe = translator(content.language ?? 'en')('mail:layout.unsubscribe');
  const lang = content.language ?? 'en';
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.table &&
      [content.table.caption, ...content.table.rows.map((row) => `${row.label}: ${row.amount}`)].join('\n'),
    content.action && `${content.action.label}: ${content.action.url}`,
    content.footer && `--\n${content.footer}`,
    content.unsubscribeUrl && `${unsubscribe}: ${content.unsubscribeUrl}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');

  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937;">`,
    content.greeting && `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.table && tableHtml(content.table),
    content.image &&
      `<p><img src="${escapeHtml(content.image.src)}" alt="${escapeHtml(content.image.alt)}" width="${content.image.width}" height="${content.image.width}"></p>`,
    content.action &&
      `<p><a href="${escapeHtml(content.action.url)}" style="display: inline-block; padding: 10px 16px; background: #ea580c; color: #fff; border-radius: 6px; text-decoration: none;">${escapeHtml(content.action.label)}</a></p>`,
    content.footer && `<p style="color: #6b7280; font-size: 12px;">${escapeHtml(content.footer)}</p>`,
    content.unsubscribeUrl &&
      `<p style="color: #6b7280; font-size: 12px;"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color: #6b7280;">${escapeHtml(unsubscribe)}</a></p>`,
    '</body></html>',
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n');

  return { text, html };
}

function tableHtml(table: NonNullable<MailContent['table']>): string {
  const rows = table.rows.map((row, i) => {
    const last = i === table.rows.length - 1;
    const style = last ? ' style="font-weight: 600; border-top: 1px solid #e5e7eb;"' : '';
    return `<tr${style}><th scope="row" style="text-align: left; font-weight: inherit; padding: 2px 16px 2px 0;">${escapeHtml(row.label)}</th><td style="text-align: right; padding: 2px 0;">${escapeHtml(row.amount)}</td></tr>`;
  });
  return `<table style="border-collapse: collapse; margin: 0 0 16px;"><caption style="text-align: left; font-weight: 600; padding-bottom: 4px;">${escapeHtml(table.caption)}</caption>${rows.join('')}</table>`;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
