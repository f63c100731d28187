import { CreditCard, ShieldCheck, ShoppingBag, Target, Truck, type LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card';
import { PageContainer, PageHeader } from '../components/ui/page-header';

const CARDS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShoppingBag,
    title: 'Pre-Order Now',
    text: 'Pick your favourites from the truck’s menu on the event page, before the event happens.',
  },
  {
    icon: CreditCard,
    title: 'No Immediate Charge',
    text: 'Your card is only authorized. Nothing is charged while the event is still raising its goal, and you can cancel.',
  },
  {
    icon: Target,
    title: 'Goal Reached',
    text: 'When pre-orders reach the truck’s minimum sales goal, every order is charged, exactly once.',
  },
  {
    icon: Truck,
    title: 'Guaranteed Service',
    text: 'The truck knows its minimum is met before it drives out, so the event happens and your food is ready.',
  },
];

export function HowItWorksPage() {
  return (
    <PageContainer>
      <title>How It Works · Food Truck Fund</title>
      <PageHeader
        title="How It Works"
        description="Pre-order from a food truck, help an event reach its goal, and pay only if it happens."
      />
      <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map(({ icon: Icon, title, text }, index) => (
          <li key={title}>
            <Card className="h-full p-5">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted">Step {index + 1}</span>
              </div>
              <h2 className="mt-4 text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </Card>
          </li>
        ))}
      </ol>
      <section className="mt-10 flex flex-col gap-4 rounded-card bg-herb-50 p-6 sm:flex-row sm:items-start">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-herb-700 text-white">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-xl font-semibold text-herb-800">Risk-Free Food Truck Events</h2>
          <p className="mt-2 text-stone-700">
            Organizers raise money without upfront costs, trucks never drive out for an event that does not
            cover their minimum, and diners are never charged for an event that does not happen. If the goal
            is not reached by the start time, every card hold is released.
          </p>
        </div>
      </section>
    </PageContainer>
  );
}
