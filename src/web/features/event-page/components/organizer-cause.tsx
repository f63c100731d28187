import { HandHeart } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle, IconText } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';

/**
 * Who is raising money and why, in the organizer's own words ("Why we're raising"). Without a cause
 * the card still names the organizer and says where a markup goes.
 */
export function OrganizerCause({
  organizerName,
  cause,
  truckName,
  markupPercentage,
}: {
  organizerName: string;
  cause: string | null;
  truckName: string;
  /** The event's markup in percent (12.5), 0 for none. */
  markupPercentage: number;
}) {
  const t = useT();
  const initial = organizerName.trim().charAt(0).toUpperCase() || '?';
  return (
    <Card aria-labelledby="cause-title">
      <CardHeader>
        <CardTitle id="cause-title">{t('eventPage.whyWeReRaising')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
          >
            {initial}
          </span>
          <p className="min-w-0 text-sm text-stone-700">
            {t('eventPage.organizedBy')}{' '}
            <span className="font-semibold break-words text-stone-900">{organizerName}</span>
          </p>
        </div>
        {cause ? (
          <blockquote className="border-l-4 border-orange-200 pl-4 break-words whitespace-pre-line text-stone-800">
            {cause}
          </blockquote>
        ) : (
          <p className="text-stone-700">
            {t('eventPage.isBringingToThis', { organizerName: organizerName, truckName: truckName })}
          </p>
        )}
        {markupPercentage > 0 && (
          <IconText icon={HandHeart} className="text-sm text-stone-700">
            {t('eventPage.onTopOfEach', { markupPercentage: markupPercentage, organizerName: organizerName })}
          </IconText>
        )}
      </CardContent>
    </Card>
  );
}
