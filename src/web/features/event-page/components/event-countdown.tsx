import { useEffect, useState } from 'react';
import { useNow } from '@web/lib/render-time';
import { splitCountdown } from '../relative-date';
import { useT } from '@web/lib/i18n';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** Time left until the start, ticking every second; "Event has started!" after. */
export function EventCountdown({ startsAt }: { startsAt: Date }) {
  const t = useT();
  // The first render shows the time the page was made at (decision 108); the clock takes over at once.
  const first = useNow();
  const [now, setNow] = useState(first);
  const parts = splitCountdown(startsAt, now);
  const started = parts === null;
  useEffect(() => {
    if (started) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [started]);

  if (!parts) {
    return <p className="text-lg font-semibold text-emerald-700">{t('eventPage.eventHasStarted')}</p>;
  }
  return (
    // role timer is not announced on every tick, which is what a screen reader user wants here.
    <div
      role="timer"
      aria-label={t('eventPage.timeUntilTheEvent')}
      className="grid grid-cols-4 gap-2 text-center"
    >
      {UNITS.map((key) => (
        <div key={key} className="rounded-lg bg-stone-100 px-1 py-2">
          {/* The card sits below the menu and hydrates after the page is live, when "now" is the clock's
              again: a second may have passed since the server drew it, and the next tick redraws it. */}
          <p suppressHydrationWarning className="text-xl font-bold tabular-nums sm:text-2xl">
            {String(parts[key]).padStart(2, '0')}
          </p>
          <p className="text-xs text-stone-600">{t(`eventPage.countdown.${key}`)}</p>
        </div>
      ))}
    </div>
  );
}
