const CARDS = [
  {
    icon: '🛒',
    title: 'Pre-Order Now',
    text: 'Pick your favourites from the truck’s menu on the event page, before the event happens.',
  },
  {
    icon: '💳',
    title: 'No Immediate Charge',
    text: 'Your card is only authorized. Nothing is charged while the event is still raising its goal, and you can cancel.',
  },
  {
    icon: '🎯',
    title: 'Goal Reached',
    text: 'When pre-orders reach the truck’s minimum sales goal, every order is charged, exactly once.',
  },
  {
    icon: '🚚',
    title: 'Guaranteed Service',
    text: 'The truck knows its minimum is met before it drives out, so the event happens and your food is ready.',
  },
];

export function HowItWorksPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">How It Works</h1>
      <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((card) => (
          <section key={card.title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <span aria-hidden="true" className="text-3xl">
              {card.icon}
            </span>
            <h2 className="mt-3 font-semibold">{card.title}</h2>
            <p className="mt-1 text-sm text-stone-600">{card.text}</p>
          </section>
        ))}
      </div>
      <section className="mt-10 rounded-xl bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-brand-700">Risk-Free Food Truck Events</h2>
        <p className="mt-2 text-stone-700">
          Organizers raise money without upfront costs, trucks never drive out for an event that does not
          cover their minimum, and diners are never charged for an event that does not happen. If the goal is
          not reached by the start time, every card hold is released.
        </p>
      </section>
    </div>
  );
}
