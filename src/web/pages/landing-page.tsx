import { ButtonLink } from '../components/ui/button';

const STEPS = [
  { n: 1, title: 'Create Event', text: 'Set a fundraising goal and event details.' },
  { n: 2, title: 'Share and Fund', text: 'Invite others to pre-order and meet the goal.' },
  { n: 3, title: 'Get Paid', text: 'Get paid while eating food.' },
];

/** `/` for visitors: the marketing page. */
export function LandingPage() {
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            The food truck events tool
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Fundraising with Food Trucks
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
            Sign in to manage your food truck events. Diners pre-order, their cards are only held, and nobody
            is charged until the event reaches its goal.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/auth" size="lg">
              Get Started
            </ButtonLink>
            <ButtonLink to="/events/public" size="lg" variant="outline">
              Browse Events
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-heading" className="text-center text-2xl font-bold">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step) => (
            <li
              key={step.n}
              className="rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm"
            >
              <span className="mx-auto flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {step.n}
              </span>
              <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
              <p className="mt-1 text-stone-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:grid-cols-2">
        <div className="rounded-xl bg-stone-900 p-8 text-white">
          <h2 className="text-xl font-bold">For organizers</h2>
          <p className="mt-2 text-stone-300">
            Find and book food trucks for your school, club or charity event, and raise money with every
            plate.
          </p>
        </div>
        <div className="rounded-xl bg-brand-600 p-8 text-white">
          <h2 className="text-xl font-bold">For food trucks</h2>
          <p className="mt-2 text-brand-50">
            Manage bookings, set the minimum sales you need, and grow your business without driving out for
            nothing.
          </p>
        </div>
      </section>
    </div>
  );
}
