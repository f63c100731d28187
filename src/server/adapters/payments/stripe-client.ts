import Stripe from 'stripe';
import { PaymentProviderError, WebhookVerificationError } from './payment-gateway';

/**
 * Stripe's SDK client as both Stripe gateways (payments and payouts) configure it: no telemetry, the
 * app named in Stripe's logs, and, where `apiUrl` is set, another address than api.stripe.com (tests:
 * the local fake Stripe). How often the SDK itself retries is each gateway's choice.
 */
export function createStripeClient(
  secretKey: string,
  options: { apiUrl?: string | undefined; maxNetworkRetries: number; timeoutMs: number },
): Stripe {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: options.maxNetworkRetries,
    telemetry: false,
    timeout: options.timeoutMs,
    appInfo: { name: 'Food Truck Fund' },
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/**
 * A webhook's event once its signature checks out against the endpoint's signing secret; otherwise
 * `WebhookVerificationError` (`unconfigured` is its message when the secret is not set). The signature's
 * age (Stripe's 5-minute tolerance) is measured by the app's clock, the one every other expiry reads.
 */
export function verifiedStripeEvent(
  stripe: Stripe,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string | undefined,
  unconfigured: string,
  receivedAt: Date,
): Stripe.Event {
  if (!secret) throw new WebhookVerificationError(unconfigured);
  if (!signatureHeader) throw new WebhookVerificationError('Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      undefined,
      undefined,
      receivedAt.getTime(),
    );
  } catch {
    throw new WebhookVerificationError('Invalid webhook signature');
  }
}

/** Any other refusal or failure of Stripe's, with its request id for the log (never for a caller). */
export function toProviderError(error: InstanceType<typeof Stripe.errors.StripeError>): PaymentProviderError {
  return new PaymentProviderError(
    error.message,
    error.code,
    error.rawType ?? error.type,
    error.statusCode,
    error.requestId,
  );
}

/** The id of a field Stripe sends either as an id or, expanded, as the object itself. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
