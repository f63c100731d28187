import type { ReactNode } from 'react';
import type { StoryBlocks } from '@core/event-story';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EventCountdown } from './event-countdown';
import { FundingProgress } from './funding-progress';
import { useT } from '@web/lib/i18n';

/**
 * How far the event is from its goal, how long until it starts, and the page's reminder form if any,
 * each as the state table says for the event now (src/core/event-story.ts).
 */
export function FundingCard({
  event,
  startsAt,
  story,
  reminder,
}: {
  event: { currentSales: string; minimumSales: string; backerCount: number };
  startsAt: Date;
  story: Pick<StoryBlocks, 'progress' | 'backers' | 'countdown'>;
  /** The form to be reminded 48 hours before, when the event offers it (the page composes it). */
  reminder?: ReactNode;
}) {
  const t = useT();
  return (
    <Card aria-labelledby="funding-title">
      <CardHeader>
        <CardTitle id="funding-title">{t('eventPage.fundingProgress')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <FundingProgress
          currentSales={event.currentSales}
          minimumSales={event.minimumSales}
          backerCount={event.backerCount}
          story={story}
        />
        {story.countdown !== 'hidden' && (
          <div>
            <h3 className="mb-2 text-sm font-medium text-stone-600">{t('eventPage.startsIn')}</h3>
            <EventCountdown startsAt={startsAt} />
          </div>
        )}
        {reminder}
      </CardContent>
    </Card>
  );
}
