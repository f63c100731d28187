/**
 * Every refusal a use case can make, named as the domain names it. A use case throws
 * `new DomainError(code, message)`; the HTTP edge alone decides what status each code answers with
 * (`http/domain-error-status.ts`), so a use case never speaks HTTP. The message is said to a person
 * and goes out as it is. See docs/decisions/192-domain-errors.md.
 */
export type DomainErrorCode =
  // The caller: who they are and what they may touch.
  | 'not_signed_in'
  | 'invalid_credentials'
  | 'role_not_allowed'
  | 'not_the_events_organizer'
  | 'not_the_events_truck'
  | 'not_a_party_to_event'
  | 'not_your_event'
  | 'not_your_menu'
  | 'not_your_profile'
  | 'not_the_reviewed_truck'
  // Something the caller named that is not there (or that they may not know of).
  | 'event_not_found'
  | 'order_not_found'
  | 'menu_item_not_found'
  | 'truck_not_found'
  | 'review_not_found'
  | 'change_request_not_found'
  | 'unavailable_period_not_found'
  // Input the rules refuse, whatever the state of things.
  | 'page_cursor_invalid'
  | 'place_not_found'
  | 'date_invalid'
  | 'start_in_past'
  | 'dates_past'
  | 'nothing_to_change'
  | 'truck_unknown'
  | 'goal_below_truck_minimum'
  | 'menu_items_not_on_truck'
  | 'truck_unavailable'
  | 'truck_not_bookable'
  | 'unavailable_periods_exceeded'
  | 'business_name_missing'
  | 'cart_item_repeated'
  | 'order_below_minimum'
  | 'order_above_maximum'
  | 'tip_invalid'
  | 'correction_reason_missing'
  | 'correction_reason_too_long'
  | 'correction_amount_invalid'
  | 'invite_message_needs_sign_in'
  | 'invite_message_needs_verified_email'
  | 'image_refused'
  | 'image_not_uploaded'
  | 'password_is_username'
  | 'password_too_common'
  | 'current_password_required'
  | 'current_password_wrong'
  | 'password_unchanged'
  | 'email_unchanged'
  | 'no_email_to_verify'
  | 'verify_link_invalid'
  | 'reset_link_invalid'
  | 'reminder_link_invalid'
  | 'unsubscribe_link_invalid'
  // The state of things refuses it now.
  | 'event_not_taking_orders'
  | 'event_sales_cap_reached'
  | 'event_not_accepted'
  | 'event_over'
  | 'event_not_movable'
  | 'event_not_cancellable'
  | 'event_called_off'
  | 'event_request_unanswered'
  | 'event_request_answered'
  | 'event_request_expired'
  | 'change_request_not_pending'
  | 'change_request_lapsed'
  | 'new_start_passed'
  | 'truck_already_booked'
  | 'date_holds_accepted_event'
  | 'order_refunded_in_full'
  | 'cart_items_off_menu'
  | 'stock_exhausted'
  | 'prices_changed'
  | 'platform_fee_changed'
  | 'markup_changed'
  | 'idempotency_key_reused'
  | 'order_changed_meanwhile'
  | 'order_not_cancellable'
  | 'order_already_charged'
  | 'order_being_refunded'
  | 'order_not_collected'
  | 'order_payment_not_failed'
  | 'payment_fix_window_over'
  | 'payment_already_done'
  | 'payment_in_progress'
  | 'correction_refused'
  | 'refund_failure_not_found'
  | 'refund_failure_not_open'
  | 'fulfilment_refused'
  | 'reminder_event_not_open'
  | 'reminder_too_late'
  | 'invites_event_not_open'
  | 'review_already_written'
  | 'review_refused'
  | 'review_already_answered'
  | 'username_taken'
  | 'email_already_verified'
  | 'image_quota_reached'
  // Too much, too often: try again later.
  | 'reminder_requests_exceeded'
  | 'invites_per_sender_exceeded'
  | 'invites_per_event_exceeded'
  | 'updates_per_day_exceeded'
  | 'image_uploads_exceeded'
  | 'refund_requests_exceeded'
  | 'password_attempts_exceeded'
  | 'login_attempts_exceeded'
  | 'verification_mails_exceeded'
  | 'reset_requests_exceeded';

export interface DomainErrorDetails {
  /** The form fields the refusal is about, each with the sentence to show beside it. */
  fields?: Record<string, string>;
  /** When trying again makes sense, in seconds. */
  retryAfterSeconds?: number;
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
