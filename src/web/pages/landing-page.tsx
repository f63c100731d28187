import {
  CalendarPlus,
  HandCoins,
  HeartHandshake,
  Megaphone,
  ShieldCheck,
  Truck,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { StatusBadge } from '../components/ui/status-badge';
import { intlLocale } from '../../core/language';
import { useLanguage, useT } from '../lib/i18n';

/** Each step's words are `landing.step<n>Title` and `landing.step<n>Text`. */
const STEPS: { n: number; icon: LucideIcon }[] = [
  { n: 1, icon: CalendarPlus },
  { n: 2, icon: Megaphone },
  { n: 3, icon: HandCoins },
];

/**
 * A picture of what an event looks like while it funds: decoration, so hidden from screen readers, and
 * marked as an example so nobody takes its figures for a real event's.
 */
function SampleEvent() {
  const t = useT();
  const language = useLanguage();
  const dollars = (amount: number) =>
    new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-4 -rotate-3 rounded-[2rem] bg-brand-200/60" />
      <Card className="relative overflow-hidden">
        <div className="relative flex h-32 items-center justify-center bg-gradient-to-br from-brand-500 to-brand-800 text-white">
          <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-ink">
            {t('landing.example')}
          </span>
          <Truck className="size-16" strokeWidth={1.5} />
        </div>
        <div className="space-y-3 p-5">
          <StatusBadge tone="good" icon={<ShieldCheck />}>
            {t('landing.chargedOnlyIfFunded')}
          </StatusBadge>
          <p className="font-display text-xl font-bold">{t('landing.sampleTitle')}</p>
          <p className="text-sm text-muted">{t('landing.sampleCause')}</p>
          <div>
            <div className="h-2.5 overflow-hidden rounded-full bg-stone-200">
              <div className="h-full w-[84%] rounded-full bg-brand-600" />
            </div>
            <p className="mt-2 text-sm">
              <span className="font-semibold">{dollars(420)}</span>{' '}
              <span className="text-muted">
                {t('landing.sampleOf', {
                  goal: dollars(500),
                  backers: (37).toLocaleString(intlLocale(language)),
                })}
              </span>
            </p>
          </div>
          <div className="flex items-center gap-2 rounded-lg bg-cream p-2 text-sm">
            <UtensilsCrossed className="size-4 text-brand-700" />
            {t('landing.sampleDish')} · {dollars(11.5)}
          </div>
        </div>
      </Card>
    </div>
  );
}

/** `/` for visitors: the marketing page. */
export function LandingPage() {
  const t = useT();
  return (
    <div>
      <title>{t('landing.pageTitle')}</title>
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-cream">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div className="text-center lg:text-left">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {t('landing.tagline')}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold sm:text-6xl">{t('landing.heading')}</h1>
            <p className="mx-auto mt-5 max-w-xl text-lg text-stone-700 lg:mx-0">{t('landing.intro')}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <ButtonLink to="/auth" size="lg">
                {t('landing.getStarted')}
              </ButtonLink>
              <ButtonLink to="/events/public" size="lg" variant="outline">
                {t('landing.browseEvents')}
              </ButtonLink>
            </div>
            <p className="mt-6 flex items-center justify-center gap-2 text-sm text-muted lg:justify-start">
              <ShieldCheck aria-hidden="true" className="size-4 text-herb-700" />
              {t('landing.noGoalNoCharge')}
            </p>
          </div>
          <SampleEvent />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-heading" className="text-center text-3xl font-bold">
          {t('landing.howItWorks')}
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map(({ n, icon: Icon }) => (
            <li key={n} className="rounded-card border border-line bg-white p-6 shadow-card">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {n}
                </span>
                <Icon aria-hidden="true" className="size-6 text-brand-700" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{t(`landing.step${n}Title`)}</h3>
              <p className="mt-1 text-muted">{t(`landing.step${n}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:grid-cols-2">
        <div className="rounded-card bg-ink p-8 text-white">
          <HeartHandshake aria-hidden="true" className="size-8 text-brand-300" />
          <h2 className="mt-4 text-2xl font-bold">{t('landing.forOrganizers')}</h2>
          <p className="mt-2 text-stone-300">{t('landing.forOrganizersText')}</p>
        </div>
        <div className="rounded-card bg-brand-700 p-8 text-white">
          <Truck aria-hidden="true" className="size-8 text-brand-100" />
          <h2 className="mt-4 text-2xl font-bold">{t('landing.forTrucks')}</h2>
          <p className="mt-2 text-brand-50">{t('landing.forTrucksText')}</p>
        </div>
      </section>
    </div>
  );
}
