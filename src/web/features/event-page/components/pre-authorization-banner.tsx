/** The promise at the top of the page: a hold now, a charge only if the goal is met (or at once after it). */
export function PreAuthorizationBanner({ chargedAtOnce }: { chargedAtOnce: boolean }) {
  return (
    <div role="note" aria-label="How payment works" className="border-b border-brand-100 bg-brand-50">
      <p className="mx-auto max-w-6xl px-4 py-3 text-sm text-brand-700">
        {chargedAtOnce ? (
          <>
            <strong>This event reached its funding goal.</strong> New pre-orders are charged right away.
          </>
        ) : (
          <>
            <strong>Pre-order with no risk:</strong> your card is only authorized now and charged only if this
            event reaches its funding goal. You can cancel anytime before then.
          </>
        )}
      </p>
    </div>
  );
}
