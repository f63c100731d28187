import { Link } from 'react-router';
import type { AttentionItemDto } from '@contract/desk';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';

function formatWhen(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** What needs the organizer, each with the page where they deal with it. */
export function DeskAttentionList({ items }: { items: AttentionItemDto[] }) {
  const t = useT('app');
  const locale = intlLocale(useLanguage());
  if (items.length === 0) {
    return <p className="text-sm text-muted">{t('desk.nothing')}</p>;
  }
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={`${item.kind}-${item.eventId}`} className="py-3 first:pt-0 last:pb-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {t(`desk.kinds.${item.kind}`)}
          </p>
          <p className="font-medium break-words">
            <Link to={item.href} className="underline underline-offset-2">
              {item.title}
            </Link>
          </p>
          <p className="text-sm text-muted">{item.text}</p>
          {item.at && (item.kind === 'awaiting-truck' || item.kind === 'change-pending') && (
            <p className="text-xs text-muted">{t('desk.answerDue', { when: formatWhen(item.at, locale) })}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
