/**
 * The `code` of every error answer: a stable name a client decides by, beside the `message` it shows
 * a person (docs/decisions/216-error-codes-to-the-client.md). Codes are only ever added; a message may
 * be reworded at any time, so no client compares message text (lint: `architecture/no-message-matching`).
 */

/**
 * The refusals of the domain, named as the domain names them: a use case throws
 * `new DomainError(code, message)` with one of these (`src/server/domain-error.ts`), and
 * `src/server/http/domain-error-status.ts` gives each its status. A new refusal is added here.
 */
export const DOMAIN_ERROR_CODES = [
  // The caller: who they are and what they may touch.
  'not_signed_in',
  'invalid_credentials',
  'role_not_allowed',
  'not_the_events_organizer',
  'not_the_events_truck',
  'not_a_party_to_event',
  'not_your_event',
  'not_your_menu',
  'not_your_profile',
  'not_the_reviewed_truck',
  // Something the caller named that is not there (or that they may not know of).
  'event_not_found',
  'order_not_found',
  'menu_item_not_found',
  'truck_not_found',
  'review_not_found',
  'change_request_not_found',
  'unavailable_period_not_found',
  // Input the rules refuse, whatever the state of things.
  'page_cursor_invalid',
  'place_not_found',
  'date_invalid',
  'start_in_past',
  'dates_past',
  'nothing_to_change',
  'truck_unknown',
  'goal_below_truck_minimum',
  'menu_items_not_on_truck',
  'truck_unavailable',
  'truck_not_bookable',
  'unavailable_periods_exceeded',
  'business_name_missing',
  'cart_item_repeated',
  'order_below_minimum',
  'order_above_maximum',
  'tip_invalid',
  'correction_reason_missing',
  'correction_reason_too_long',
  'correction_amount_invalid',
  'invite_message_needs_sign_in',
  'invite_message_needs_verified_email',
  'image_refused',
  'image_not_uploaded',
  'password_is_username',
  'password_too_common',
  'current_password_required',
  'current_password_wrong',
  'password_unchanged',
  'email_unchanged',
  'no_email_to_verify',
  'verify_link_invalid',
  'reset_link_invalid',
  'reminder_link_invalid',
  'unsubscribe_link_invalid',
  // The state of things refuses it now.
  'event_not_taking_orders',
  'event_sales_cap_reached',
  'event_not_accepted',
  'event_over',
  'event_not_movable',
  'event_not_cancellable',
  'event_called_off',
  'event_request_unanswered',
  'event_request_answered',
  'event_request_expired',
  'change_request_not_pending',
  'change_request_lapsed',
  'new_start_passed',
  'truck_already_booked',
  'date_holds_accepted_event',
  'order_refunded_in_full',
  'cart_items_off_menu',
  'stock_exhausted',
  'prices_changed',
  'platform_fee_changed',
  'markup_changed',
  'idempotency_key_reused',
  'order_changed_meanwhile',
  'order_not_cancellable',
  'order_already_charged',
  'order_being_refunded',
  'order_not_collected',
  'order_payment_not_failed',
  'payment_fix_window_over',
  'payment_already_done',
  'payment_in_progress',
  'correction_refused',
  'refund_failure_not_found',
  'refund_failure_not_open',
  'fulfilment_refused',
  'reminder_event_not_open',
  'reminder_too_late',
  'invites_event_not_open',
  'review_already_written',
  'review_refused',
  'review_already_answered',
  'username_taken',
  'email_already_verified',
  'image_quota_reached',
  'menu_full',
  // Too much, too often: try again later.
  'reminder_requests_exceeded',
  'invites_per_sender_exceeded',
  'invites_per_event_exceeded',
  'updates_per_day_exceeded',
  'image_uploads_exceeded',
  'refund_requests_exceeded',
  'password_attempts_exceeded',
  'login_attempts_exceeded',
  'verification_mails_exceeded',
  'reset_requests_exceeded',
] as const;

/**
 * The failures the HTTP edge answers itself, whatever the route, each with what it means (the API
 * description lists them). A route's own refusal in HTTP terms (`badRequest`, `notFound`…) carries its
 * status's code.
 */
export const HTTP_ERROR_CODES = {
  invalid_request: "400: a body, query or parameter the route's schema refuses; `errors` names each field",
  invalid_json: '400: a body that is not JSON (or is empty while saying it is JSON)',
  unauthenticated: '401: no session, or one that has ended',
  payment_declined: '402: the (simulated) card was declined',
  forbidden: '403: signed in, but not allowed this (a request from another site included)',
  not_found: '404: no such route, or nothing there the caller may see',
  method_not_allowed: '405: the route exists, not with this method',
  conflict: '409: the state of things refuses it now',
  payload_too_large: '413: a body larger than the route takes',
  uri_too_long: '414: an address or a parameter too long',
  unsupported_media_type: '415: a body of a type the route does not read',
  rate_limited: '429: too many requests; Retry-After says when to try again',
  request_refused: 'any other 4xx',
  internal_error: "500: a fault of ours; the details stay in the server's log",
  payments_unavailable: '502: the payment provider refused or failed',
  upstream_failed: '502: another service the app depends on failed (the geocoder)',
  service_unavailable: '503: the database or a service is briefly away; Retry-After says when to try again',
} as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];
export type HttpErrorCode = keyof typeof HTTP_ERROR_CODES;
/** What a client may find in an error answer's `code`. */
export type ApiErrorCode = DomainErrorCode | HttpErrorCode;

export const API_ERROR_CODES = [
  ...DOMAIN_ERROR_CODES,
  ...(Object.keys(HTTP_ERROR_CODES) as HttpErrorCode[]),
] as [ApiErrorCode, ...ApiErrorCode[]];
