import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { overLimitError, hitRateLimit, REFUSALS } from '../http/rate-limit';

/**
 * Counts a picture upload against the account's and the address's budgets (RATE_LIMIT_UPLOADS,
 * RATE_LIMIT_UPLOADS_PER_ADDRESS) before anything is decoded; past either, 429 with Retry-After. A
 * form saved without a new picture (no data URL: kept, removed or absent) costs nothing.
 */
export async function throttleImageUpload(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  request: FastifyRequest,
  accountId: number,
  ...fields: Array<string | null | undefined>
): Promise<void> {
  if (!fields.some((value) => typeof value === 'string' && value.startsWith('data:'))) return;
  const { uploads, uploadsPerAddress } = ctx.config.rateLimits;
  const now = ctx.now();
  // The account first: its own refused uploads don't spend its neighbours' address budget.
  const budgets = [
    { name: 'uploads', limit: uploads, key: `upload:account:${accountId}` },
    { name: 'uploadsPerAddress', limit: uploadsPerAddress, key: `upload:address:${request.ip}` },
  ] as const;
  for (const { name, limit, key } of budgets) {
    if (!limit) continue;
    const state = await hitRateLimit(ctx.db, key, limit.windowMs, now);
    if (state.count > limit.max)
      throw overLimitError('image_uploads_exceeded', state, now, (wait) => `${REFUSALS[name]} ${wait}`);
  }
}
