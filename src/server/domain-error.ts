import type { DomainErrorCode } from '../contract/error-codes';
import type { Language } from '../core/language';

/**
 * Every refusal a use case can make is named as the domain names it; the names are listed in
 * `src/contract/error-codes.ts`, where the API description takes them from (a new refusal is added
 * there). A use case throws `new DomainError(code, message)`; the HTTP edge alone decides what status
 * each code answers with (`http/domain-error-status.ts`), so a use case never speaks HTTP. The answer
 * carries the code, for a client to decide by, and the message, said to a person, as it is.
 * See docs/decisions/192-domain-errors.md and 216-error-codes-to-the-client.md.
 */
export type { DomainErrorCode } from '../contract/error-codes';

export interface DomainErrorDetails {
  /** The form fields the refusal is about, each with the sentence to show beside it. */
  fields?: Record<string, string>;
  /** When trying again makes sense, in seconds. */
  retryAfterSeconds?: number;
  /**
   * The message (and its fields') in the languages other than English, when it carries what the
   * `errors` catalog's one sentence per code cannot: an amount in the event's currency
   * (src/server/money-limits.ts).
   */
  said?: Partial<Record<Language, string>>;
}

/** A refusal by the rules of the domain, with a message safe and meant for the caller. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
