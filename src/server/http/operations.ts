/**
 * Every operation of the API by `METHOD /url` (Fastify's `:param` syntax, as
 * tests/integration/access-matrix.test.ts names them): its `operationId` (the generated web client's and
 * any other client's name for it), its one-line summary, and whether it needs a signed-in account
 * (`login`: the route answers 401 to a caller without one). `registerOpenApi` puts these on the routes'
 * schemas, so the OpenAPI document names every operation and attaches the session scheme to exactly the
 * routes that refuse anonymous callers; the access matrix checks `login` against what the routes answer.
 *
 * A new route needs its line here (tests/integration/openapi-spec.test.ts fails without it), then
 * `npm run openapi` to regenerate the checked-in document and the client's types.
 */
export interface OperationInfo {
  operationId: string;
  summary: string;
  login?: true;
}

const op = (operationId: string, summary: string, login?: 'login'): OperationInfo =>
  login ? { operationId, summary, login: true } : { operationId, summary };

export const OPERATIONS: Readonly<Record<string, OperationInfo>> = {
  // Accounts and sessions
  'POST /api/register': op('registerAccount', 'Create an account and sign in'),
  'POST /api/login': op('logIn', 'Sign in'),
  'POST /api/logout': op('logOut', 'Sign out'),
  'POST /api/session': op('startGuestSession', "Start a guest's session before a first checkout"),
  'POST /api/session/forget': op('forgetDevice', "Forget this browser's guest session and orders"),
  'GET /api/user': op('getCurrentUser', 'The signed-in account', 'login'),
  'POST /api/account/password': op('changePassword', "Change the account's password", 'login'),
  'POST /api/account/email': op('changeEmail', "Change the account's e-mail address", 'login'),
  'POST /api/password-reset/request': op('requestPasswordReset', 'Mail a password reset link'),
  'POST /api/password-reset': op('resetPassword', "Set a new password with a reset link's token"),
  'POST /api/account/verify-email': op('verifyEmail', "Confirm an e-mail address with a mailed link's token"),
  'POST /api/account/verification-email': op(
    'sendVerificationEmail',
    'Mail a new confirmation link',
    'login',
  ),
  'GET /api/users/food-trucks': op('listBookableTrucks', 'The trucks an organizer can book'),
  'GET /api/users/:id': op('getUserProfile', "A user's public profile"),
  'PUT /api/users/:id/sales-tax': op(
    'setTruckSalesTax',
    "Set the truck's sales-tax rate and what it applies to",
    'login',
  ),
  'PATCH /api/users/:id': op('updateUserProfile', "Change one's own profile", 'login'),

  // Trucks, their calendars and reviews
  'GET /api/trucks': op('listTrucks', 'The truck directory, a page at a time'),
  'GET /api/trucks/:id': op('getTruck', "A truck's public page"),
  'GET /api/trucks/:id/availability': op('getTruckAvailability', 'Whether a truck is free on a date'),
  'GET /api/trucks/me/availability': op('getOwnAvailability', "The signed-in truck's calendar", 'login'),
  'PUT /api/trucks/me/availability/week': op(
    'setUnavailableWeekdays',
    'Set the weekdays the truck never works',
    'login',
  ),
  'POST /api/trucks/me/availability/ranges': op('addUnavailableRange', 'Block a range of dates', 'login'),
  'DELETE /api/trucks/me/availability/ranges/:id': op(
    'deleteUnavailableRange',
    'Free a blocked range of dates',
    'login',
  ),
  'GET /api/trucks/:id/reviews': op('listTruckReviews', "A truck's reviews, a page at a time"),
  'GET /api/events/:id/review': op(
    'getOrganizerReviewInvitation',
    "The organizer's invitation to review the truck",
    'login',
  ),
  'POST /api/events/:id/review': op(
    'createOrganizerReview',
    "Review the event's truck as its organizer",
    'login',
  ),
  'GET /api/orders/:id/review': op('getDinerReviewInvitation', "A diner's invitation to review the truck"),
  'POST /api/orders/:id/review': op(
    'createDinerReview',
    'Review the truck as a diner who collected an order',
  ),
  'POST /api/reviews/:id/reply': op('replyToReview', 'Answer a review as its truck', 'login'),
  'POST /api/admin/reviews/:id/remove': op('removeReview', 'Remove an abusive review', 'login'),

  // Menus and pictures
  'GET /api/menu-items/:id': op('listMenuItems', "A truck's menu (`id` is the truck's)"),
  'POST /api/menu-items': op('createMenuItem', 'Add a dish to the menu', 'login'),
  'PATCH /api/menu-items/:id': op('updateMenuItem', 'Change a dish', 'login'),
  'DELETE /api/menu-items/:id': op(
    'deleteMenuItem',
    'Delete a dish, or switch it off if it was ordered',
    'login',
  ),
  'GET /api/images/:name': op('getImage', 'A stored picture or one of its smaller copies'),

  // Events
  'POST /api/events': op('createEvent', 'Ask a truck to come to an event', 'login'),
  'GET /api/events/public': op('listPublicEvents', 'The events taking orders, a page at a time'),
  'GET /api/events/pending/:foodTruckId': op(
    'listPendingEvents',
    "The requests waiting for a truck's answer",
    'login',
  ),
  'GET /api/events/organizer/:userId': op('listOrganizerEvents', "An organizer's events", 'login'),
  'GET /api/events/:id': op('getEvent', 'An event with its truck and progress'),
  'GET /api/events/:id/stock': op('getEventStock', "What is left of the event's stock-limited menu items"),
  'PUT /api/events/:id/sales-tax': op(
    'setEventSalesTax',
    'The truck overrides its sales-tax rate for one event',
    'login',
  ),
  'PATCH /api/events/:id': op('updateEvent', "Change an event's details", 'login'),
  'POST /api/events/:id/approve': op('answerEventRequest', "Accept or decline an event's request", 'login'),
  'PUT /api/events/:id/cover-image': op('setEventCover', "Set or remove an event's cover picture", 'login'),
  'POST /api/events/:id/cancel': op('cancelEvent', 'Call an event off', 'login'),
  'POST /api/events/:id/change-requests': op(
    'requestEventChange',
    'Ask the truck to agree to a change',
    'login',
  ),
  'GET /api/events/:id/change-requests/latest': op(
    'getLatestEventChange',
    "An event's latest change request",
    'login',
  ),
  'GET /api/change-requests/pending': op(
    'listPendingEventChanges',
    "The changes waiting for a truck's answer",
    'login',
  ),
  'POST /api/events/:id/change-requests/:changeId/answer': op(
    'answerEventChange',
    'Accept or decline a change',
    'login',
  ),

  // Orders
  'POST /api/events/:id/create-payment-intent': op('createOrder', 'Place an order and start its payment'),
  'POST /api/events/:id/orders/:orderId/sync': op('syncOrder', 'Bring an order up to date with its payment'),
  'POST /api/events/:id/orders/:orderId/retry-payment': op(
    'retryOrderPayment',
    'Pay again for a refused order',
  ),
  'GET /api/events/:id/orders/:orderId': op('getOrderReceipt', "An order's confirmation page"),
  'GET /api/events/:id/pending-orders': op('listMyOrders', "This browser's orders for an event"),
  'POST /api/events/:id/cancel-payment': op('cancelOrder', 'Cancel one of my orders'),
  'POST /api/events/:id/invite': op('sendInvites', 'Invite friends to an event by e-mail'),
  'GET /api/events/:id/orders': op(
    'listEventOrders',
    'Who ordered what at an event, a page at a time',
    'login',
  ),
  'GET /api/events/:id/orders.csv': op('exportEventOrders', "An event's orders as CSV", 'login'),
  'GET /api/organizer/desk': op('getOrganizerDesk', "The organizer's dashboard", 'login'),

  // The truck's bookings and event day
  'GET /api/bookings': op('listBookings', "The truck's accepted events with their prep lists", 'login'),
  'GET /api/bookings/export.csv': op('exportBookings', "The truck's bookings as CSV", 'login'),
  'GET /api/bookings/:eventId/orders': op(
    'listEventDayOrders',
    "An event day's orders by pickup code",
    'login',
  ),
  'POST /api/orders/:id/fulfilment': op('markOrderFulfilment', 'Mark an order ready or collected', 'login'),
  'POST /api/orders/:id/refunds': op('refundOrder', 'Refund all or part of a charged order', 'login'),
  'DELETE /api/orders/:id/fulfilment/collected': op('undoOrderCollected', 'Undo Collected', 'login'),
  'GET /api/events/:id/pickup-qr': op('getPickupQrCode', "An order's pickup code as a QR picture"),

  // Admin
  'GET /api/admin/events': op('listAdminEvents', 'Every event, for the admins', 'login'),
  'POST /api/admin/events/:id/hidden': op('setEventHidden', 'Hide or show an event', 'login'),
  'POST /api/admin/events/:id/cancel': op('cancelEventAsAdmin', 'Call an event off as an admin', 'login'),
  'GET /api/admin/refund-failures': op(
    'listRefundFailures',
    'Refunds the payment provider refused for good, for the admins',
    'login',
  ),
  'POST /api/admin/refund-failures/settle': op(
    'settleRefundFailure',
    'Settle a refused refund as an admin',
    'login',
  ),

  // Support chat and the tour
  'GET /api/chat/history': op('getChatHistory', "This session's support chat"),
  'GET /api/admin/chat': op('getAdminChat', 'Every support conversation, for the admins', 'login'),
  'GET /ws/chat': op('openChatSocket', 'The support chat socket', 'login'),
  'GET /api/tour': op('getTourProgress', "The account's progress through the tour", 'login'),
  'PUT /api/tour': op('saveTourProgress', "Save the account's progress through the tour", 'login'),

  // Payments and payouts
  'GET /api/payments/config': op('getPaymentsConfig', "Which payment form to show, and Stripe's key"),
  'POST /api/payments/webhook': op('receivePaymentWebhook', "The payment provider's events"),
  'POST /api/payments/simulator/confirm': op(
    'confirmSimulatorCard',
    'Confirm a card in the payment simulator',
  ),
  'GET /api/payouts': op('getPayoutStatement', "The payee's payouts", 'login'),
  'GET /api/payouts/export.csv': op('exportPayouts', "The payee's payouts as CSV", 'login'),
  'GET /api/payouts/account': op('getPayoutAccount', "The payee's payout account", 'login'),
  'POST /api/payouts/account/onboarding': op(
    'startPayoutOnboarding',
    'A link to set up the payout account',
    'login',
  ),
  'POST /api/payouts/account/refresh': op(
    'refreshPayoutAccount',
    "Read the payout account's state again",
    'login',
  ),
  'POST /api/payouts/webhook': op('receivePayoutWebhook', "The payout provider's events"),
  'GET /api/payouts/simulator/onboarding': op(
    'checkSimulatorOnboarding',
    'Check a simulator onboarding link',
  ),
  'POST /api/payouts/simulator/onboarding': op(
    'completeSimulatorOnboarding',
    'Complete a simulator onboarding',
  ),

  // Places, live progress, updates, reminders, calendar
  'GET /api/geocode': op('geocode', 'Places matching an address'),
  'GET /api/events/:id/stream': op('streamEventProgress', "An event's live progress (Server-Sent Events)"),
  'GET /api/events/:id/calendar.ics': op('getEventCalendar', 'An event as a calendar file'),
  'GET /api/events/:id/updates': op('listEventUpdates', "An event's updates"),
  'POST /api/events/:id/updates': op('postEventUpdate', "Post an update to an event's diners", 'login'),
  'GET /api/updates/unsubscribe': op('getUnsubscribe', 'What an unsubscribe link stops'),
  'POST /api/updates/unsubscribe': op('unsubscribe', "Stop an event's updates (one-click unsubscribe)"),
  'POST /api/events/:id/reminders': op('requestReminder', 'Ask to be reminded of an event'),
  'GET /api/reminders/confirm': op('openReminderConfirmation', 'A reminder confirmation link'),
  'POST /api/reminders/confirm': op('confirmReminder', 'Confirm a reminder'),

  // Operations
  'GET /metrics': op('getMetrics', 'Prometheus metrics (loopback or METRICS_TOKEN)'),
  'GET /api/ready': op('getReadiness', 'Whether this instance can serve'),
  'GET /api/health': op('getHealth', 'Whether this instance is up'),

  // Pages with share tags
  'GET /events/public/:id': op('renderEventPage', "An event's public page, rendered"),
  'GET /events/public/:id/share-image': op('getEventShareImage', "An event's share card picture"),
};
