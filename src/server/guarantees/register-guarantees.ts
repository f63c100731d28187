import type { AppContext } from '../context';
import { chargeGuarantees, noticeGuarantees } from './charge-guarantees';
import { applyGuaranteeSetup } from './save-guarantee-card';

/**
 * The host's guarantee in the background: a saved card reported by the provider (webhook or
 * simulator), the 48-hour notice and the charge at the start.
 */
export function registerGuarantees(ctx: AppContext): void {
  ctx.paymentEvents.subscribe('setup_intent.succeeded', async (event) =>
    applyGuaranteeSetup(ctx, await ctx.payments.retrieveSetupIntent(event.data.object.id)),
  );
  ctx.reconciler.addTask({ name: 'notice-guarantees', run: () => noticeGuarantees(ctx) });
  ctx.reconciler.addTask({ name: 'charge-guarantees', run: () => chargeGuarantees(ctx) });
}
