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

const STEPS: { n: number; title: string; text: string; icon: LucideIcon }[] = [
  { n: 1, title: 'Create Event', text: 'Set a fundraising goal and event details.', icon: CalendarPlus },
  { n: 2, title: 'Share and Fund', text: 'Invite others to pre-order and meet the goal.', icon: Megaphone },
  { n: 3, title: 'Get Paid', text: 'Get paid while eating food.', icon: HandCoins },
];

/**
 * A picture of what an event looks like while it funds: decoration, so hidden from screen readers, and
 * marked as an example so nobody takes its figures for a real event's.
 */
function SampleEvent() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-4 -rotate-3 rounded-[2rem] bg-brand-200/60" />
      <Card className="relative overflow-hidden">
        <div className="relative flex h-32 items-center justify-center bg-gradient-to-br from-brand-500 to-brand-800 text-white">
          <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-ink">
            Example
          </span>
          <Truck className="size-16" strokeWidth={1.5} />
        </div>
        <div className="space-y-3 p-5">
          <StatusBadge tone="good" icon={<ShieldCheck />}>
            Charged only if funded
          </StatusBadge>
          <p className="font-display text-xl font-bold">Spring Fair Taco Night</p>
          <p className="text-sm text-muted">Raising for the Lincoln Elementary library</p>
          <div>
            <div className="h-2.5 overflow-hidden rounded-full bg-stone-200">
              <div className="h-full w-[84%] rounded-full bg-brand-600" />
            </div>
            <p className="mt-2 text-sm">
              <span className="font-semibold">$420</span>{' '}
              <span className="text-muted">of $500 · 37 backers</span>
            </p>
          </div>
          <div className="flex items-center gap-2 rounded-lg bg-cream p-2 text-sm">
            <UtensilsCrossed className="size-4 text-brand-700" />
            Al Pastor Taco · $11.50
          </div>
        </div>
      </Card>
    </div>
  );
}

/** `/` for visitors: the marketing page. */
export function LandingPage() {
  return (
    <div>
      <title>Fundraising with Food Trucks · Food Truck Fund</title>
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-cream">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div className="text-center lg:text-left">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              The food truck events tool
            </p>
            <h1 className="mt-3 text-4xl font-extrabold sm:text-6xl">Fundraising with Food Trucks</h1>
            <p className="mx-auto mt-5 max-w-xl text-lg text-stone-700 lg:mx-0">
              Sign in to manage your food truck events. Diners pre-order, their cards are only held, and
              nobody is charged until the event reaches its goal.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <ButtonLink to="/auth" size="lg">
                Get Started
              </ButtonLink>
              <ButtonLink to="/events/public" size="lg" variant="outline">
                Browse Events
              </ButtonLink>
            </div>
            <p className="mt-6 flex items-center justify-center gap-2 text-sm text-muted lg:justify-start">
              <ShieldCheck aria-hidden="true" className="size-4 text-herb-700" />
              No goal, no charge: every card hold is released if an event falls short.
            </p>
          </div>
          <SampleEvent />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-heading" className="text-center text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map(({ n, title, text, icon: Icon }) => (
            <li key={n} className="rounded-card border border-line bg-white p-6 shadow-card">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {n}
                </span>
                <Icon aria-hidden="true" className="size-6 text-brand-700" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:grid-cols-2">
        <div className="rounded-card bg-ink p-8 text-white">
          <HeartHandshake aria-hidden="true" className="size-8 text-brand-300" />
          <h2 className="mt-4 text-2xl font-bold">For organizers</h2>
          <p className="mt-2 text-stone-300">
            Find and book food trucks for your school, club or charity event, and raise money with every
            plate.
          </p>
        </div>
        <div className="rounded-card bg-brand-700 p-8 text-white">
          <Truck aria-hidden="true" className="size-8 text-brand-100" />
          <h2 className="mt-4 text-2xl font-bold">For food trucks</h2>
          <p className="mt-2 text-brand-50">
            Manage bookings, set the minimum sales you need, and grow your business without driving out for
            nothing.
          </p>
        </div>
      </section>
    </div>
  );
}
