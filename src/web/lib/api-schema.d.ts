// Generated from openapi/openapi.json by `npm run openapi`. Do not edit.
/* eslint-disable */
export interface paths {
    "/api/account/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the account's e-mail address */
        post: operations["changeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Save the account's language */
        put: operations["saveLanguage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the account's password */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/verification-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new confirmation link */
        post: operations["sendVerificationEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an e-mail address with a mailed link's token */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every support conversation, for the admins */
        get: operations["getAdminChat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event, for the admins */
        get: operations["listAdminEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Call an event off as an admin */
        post: operations["cancelEventAsAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/hidden": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hide or show an event */
        post: operations["setEventHidden"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/refund-failures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Refunds the payment provider refused for good, for the admins */
        get: operations["listRefundFailures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/refund-failures/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Settle a refused refund as an admin */
        post: operations["settleRefundFailure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove an abusive review */
        post: operations["removeReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The truck's accepted events with their prep lists */
        get: operations["listBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{eventId}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event day's orders by pickup code */
        get: operations["listEventDayOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The truck's bookings as CSV */
        get: operations["exportBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/change-requests/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The changes waiting for a truck's answer */
        get: operations["listPendingEventChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This session's support chat */
        get: operations["getChatHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask a truck to come to an event */
        post: operations["createEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event with its truck and progress */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an event's details */
        patch: operations["updateEvent"];
        trace?: never;
    };
    "/api/events/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept or decline an event's request */
        post: operations["answerEventRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/board": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The codes being prepared and ready, for the screen at the truck’s window */
        get: operations["getPickupBoard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event as a calendar file */
        get: operations["getEventCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Call an event off */
        post: operations["cancelEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/cancel-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel one of my orders */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/change-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the truck to agree to a change */
        post: operations["requestEventChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/change-requests/{changeId}/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept or decline a change */
        post: operations["answerEventChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/change-requests/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's latest change request */
        get: operations["getLatestEventChange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/cover-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set or remove an event's cover picture */
        put: operations["setEventCover"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/create-payment-intent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place an order and start its payment */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/guarantee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organizer's guarantee of the truck's minimum */
        get: operations["getEventGuarantee"];
        put?: never;
        /** Guarantee the truck's minimum with a saved card */
        post: operations["offerEventGuarantee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/guarantee/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the guarantee's card once the card form confirmed it */
        post: operations["syncEventGuarantee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite friends to an event by e-mail */
        post: operations["sendInvites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who ordered what at an event, a page at a time */
        get: operations["listEventOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/orders.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's orders as CSV */
        get: operations["exportEventOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order's confirmation page */
        get: operations["getOrderReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/orders/{orderId}/retry-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay again for a refused order */
        post: operations["retryOrderPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/orders/{orderId}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring an order up to date with its payment */
        post: operations["syncOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/pending-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This browser's orders for an event */
        get: operations["listMyOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/pickup-prep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What to have ready for each pickup slot: its orders and dishes (the truck and the organizer) */
        get: operations["getPickupSlotPrep"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/pickup-qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order's pickup code as a QR picture */
        get: operations["getPickupQrCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/pickup-slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's pickup slots and the places left in each */
        get: operations["listPickupSlots"];
        /** Set an event's pickup slots: their length, how many orders each takes, which are closed */
        put: operations["setPickupSlots"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/promo-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's promo codes with their uses (its organizer) */
        get: operations["listPromoCodes"];
        put?: never;
        /** Make a promo code for an event (its organizer) */
        post: operations["createPromoCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/promo-codes/{codeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Switch a promo code off or on again (its organizer) */
        patch: operations["updatePromoCode"];
        trace?: never;
    };
    "/api/events/{id}/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to be reminded of an event */
        post: operations["requestReminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organizer's invitation to review the truck */
        get: operations["getOrganizerReviewInvitation"];
        put?: never;
        /** Review the event's truck as its organizer */
        post: operations["createOrganizerReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/sales-tax": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The truck overrides its sales-tax rate for one event */
        put: operations["setEventSalesTax"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/sponsor-minimum": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the least gift that may name a sponsor (its organizer) */
        put: operations["setSponsorMinimum"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/sponsors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's sponsors as its page shows them, and its gifts */
        get: operations["getEventSponsors"];
        put?: never;
        /** Name a sponsor who paid outside the app (its organizer; no money moves) */
        post: operations["addOutsideSponsor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/sponsors/{sponsorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Hide a sponsor or show it again (its organizer) */
        patch: operations["updateSponsor"];
        trace?: never;
    };
    "/api/events/{id}/sponsors/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every sponsor of an event, hidden and not yet charged too (its organizer) */
        get: operations["listOrganizerSponsors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What is left of the event's stock-limited menu items */
        get: operations["getEventStock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's live progress (Server-Sent Events) */
        get: operations["streamEventProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's updates */
        get: operations["listEventUpdates"];
        put?: never;
        /** Post an update to an event's diners */
        post: operations["postEventUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/organizer/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organizer's events */
        get: operations["listOrganizerEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/pending/{foodTruckId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The requests waiting for a truck's answer */
        get: operations["listPendingEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The events taking orders, a page at a time */
        get: operations["listPublicEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/geocode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Places matching an address */
        get: operations["geocode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this instance is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/images/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored picture or one of its smaller copies */
        get: operations["getImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out */
        post: operations["logOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/menu-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a dish to the menu */
        post: operations["createMenuItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/menu-items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A truck's menu (`id` is the truck's) */
        get: operations["listMenuItems"];
        put?: never;
        post?: never;
        /** Delete a dish, or switch it off if it was ordered */
        delete: operations["deleteMenuItem"];
        options?: never;
        head?: never;
        /** Change a dish */
        patch: operations["updateMenuItem"];
        trace?: never;
    };
    "/api/orders/{id}/fulfilment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an order ready or collected */
        post: operations["markOrderFulfilment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/fulfilment/collected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Undo Collected */
        delete: operations["undoOrderCollected"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund all or part of a charged order */
        post: operations["refundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A diner's invitation to review the truck */
        get: operations["getDinerReviewInvitation"];
        put?: never;
        /** Review the truck as a diner who collected an order */
        post: operations["createDinerReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizer/desk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organizer's dashboard */
        get: operations["getOrganizerDesk"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset link's token */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which payment form to show, and Stripe's key */
        get: operations["getPaymentsConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/simulator/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a card in the payment simulator */
        post: operations["confirmSimulatorCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe's signed event delivery (raw JSON body, Stripe-Signature header) */
        post: operations["receivePaymentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payee's payouts */
        get: operations["getPayoutStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payee's payout account */
        get: operations["getPayoutAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/account/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link to set up the payout account */
        post: operations["startPayoutOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/account/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read the payout account's state again */
        post: operations["refreshPayoutAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payee's payouts as CSV */
        get: operations["exportPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/simulator/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a simulator onboarding link */
        get: operations["checkSimulatorOnboarding"];
        put?: never;
        /** Complete a simulator onboarding */
        post: operations["completeSimulatorOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe's signed event delivery (raw JSON body, Stripe-Signature header) */
        post: operations["receivePayoutWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this instance should get traffic: migrations ran, the database and its LISTEN connection are up */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and sign in */
        post: operations["registerAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reminders/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reminder confirmation link */
        get: operations["openReminderConfirmation"];
        put?: never;
        /** Confirm a reminder */
        post: operations["confirmReminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a review as its truck */
        post: operations["replyToReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a guest's session before a first checkout */
        post: operations["startGuestSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/forget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forget this browser's guest session and orders */
        post: operations["forgetDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/texts/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio's delivery of a diner's answer to a text (STOP ends texts; X-Twilio-Signature) */
        post: operations["receiveTextReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's progress through the tour */
        get: operations["getTourProgress"];
        /** Save the account's progress through the tour */
        put: operations["saveTourProgress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The truck directory, a page at a time */
        get: operations["listTrucks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A truck's public page */
        get: operations["getTruck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/{id}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a truck is free on a date */
        get: operations["getTruckAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A truck's reviews, a page at a time */
        get: operations["listTruckReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/me/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in truck's calendar */
        get: operations["getOwnAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/me/availability/ranges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a range of dates */
        post: operations["addUnavailableRange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/me/availability/ranges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Free a blocked range of dates */
        delete: operations["deleteUnavailableRange"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trucks/me/availability/week": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the weekdays the truck never works */
        put: operations["setUnavailableWeekdays"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/updates/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an unsubscribe link stops */
        get: operations["getUnsubscribe"];
        put?: never;
        /** RFC 8058 one-click unsubscribe (mail providers post a form) */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's public profile */
        get: operations["getUserProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change one's own profile */
        patch: operations["updateUserProfile"];
        trace?: never;
    };
    "/api/users/{id}/sales-tax": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the truck's sales-tax rate and what it applies to */
        put: operations["setTruckSalesTax"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/public/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's public page, rendered */
        get: operations["renderEventPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/public/{id}/share-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's share card picture */
        get: operations["getEventShareImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics: from the machine itself, or anywhere with the METRICS_TOKEN bearer token */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ws/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The support chat socket (WebSocket upgrade; messages are ChatMessage JSON) */
        get: operations["openChatSocket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AdminEvent: {
            approvalDate: string | null;
            approvalExpiryDate: string | null;
            cancelledBy: ("organizer" | "truck" | "admin" | "system") | null;
            cancelNote: string | null;
            cancelReason: string | null;
            changedAt: string | null;
            coverImageUrl: string | null;
            cuisine?: string | null;
            currency: components["schemas"]["Currency"];
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            currentSales: string;
            cutShortAt: string | null;
            date: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            endsAt: string;
            endTime: string;
            expectedDiners: number;
            foodTruckId: number;
            foodTruckName?: string | null;
            foodTruckResponse: string | null;
            hidden: boolean;
            hiddenReason: string | null;
            id: number;
            location: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            minimumSales: string;
            organizerId: number;
            organizerName: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            priceMarkupPercentage: string;
            salesTaxBasisPoints: number | null;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            startsAt: string;
            startTime: string;
            /** @enum {string} */
            status: "pending_approval" | "approved" | "rejected" | "open" | "processing" | "confirmed" | "payment_failed" | "closed" | "cancelled";
            timeZone: string;
            title: string;
        };
        AttentionItem: {
            at: string | null;
            eventId: number;
            href: string;
            /** @enum {string} */
            kind: "awaiting-truck" | "truck-declined" | "request-expired" | "change-pending" | "change-declined" | "failed-payments";
            text: string;
            title: string;
        };
        Booking: {
            collectedCount: number;
            event: components["schemas"]["Event"];
            orderCount: number;
            prepList: {
                menuItemId: number;
                name: string;
                quantity: number;
            }[];
            prepNotes: {
                customerName: string;
                note: string;
                orderId: number;
                pickupCode: string | null;
            }[];
            upcoming: boolean;
        };
        BookingsPage: {
            bookings: components["schemas"]["Booking"][];
            nextCursor: string | null;
        };
        ChatMessage: {
            conversationId: number | null;
            id: string;
            replyTo: string | null;
            sender: string;
            /** @enum {string} */
            senderRole: "visitor" | "admin" | "system";
            text: string;
            timestamp: number;
            /** @enum {string} */
            type: "message" | "system";
        };
        Correction: {
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            amount: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            id: number;
            reason: string;
            /** @enum {string} */
            state: "pending" | "refunded" | "failed";
        };
        CreatedOrder: {
            /** @description The total in cents */
            amount: number;
            chargeNow: boolean;
            clientSecret: string;
            /** @enum {string} */
            mode: "hold" | "save";
            orderId: number;
        };
        /**
         * @description ISO 4217; amounts beside it are in its decimals (none for JPY)
         * @example USD
         * @enum {string}
         */
        Currency: "USD" | "CAD" | "EUR" | "GBP" | "MXN" | "JPY";
        DeskEvent: {
            event: components["schemas"]["Event"];
            failedPayments: number;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            foodSales: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            markupRaised: string;
            orderCount: number;
        };
        DirectoryTruck: {
            businessName: string | null;
            cuisine: string | null;
            currency: components["schemas"]["Currency"];
            description: string | null;
            dietaryTags: ("vegetarian" | "vegan" | "gluten-free" | "dairy-free" | "halal" | "kosher")[];
            distanceMeters: number | null;
            id: number;
            location: string | null;
            menuItemCount: number;
            minimumSales: string | null;
            nextFreeDate: string | null;
            profileImage: string | null;
            rating: components["schemas"]["RatingSummary"];
            username: string;
        };
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description The sentence to show beside each refused field, by its path */
            errors?: {
                [key: string]: string;
            };
            /** @description Said to a person; never compared by a client */
            message: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description A stable name for the failure, for a client to decide by; the message beside it may be reworded at any time, and codes are only ever added. A refusal of the domain is named by the domain (`event_not_taking_orders`, `truck_not_found`); the failures of HTTP itself are:
         *
         *     - `invalid_request` — 400: a body, query or parameter the route's schema refuses; `errors` names each field
         *     - `invalid_json` — 400: a body that is not JSON (or is empty while saying it is JSON)
         *     - `unauthenticated` — 401: no session, or one that has ended
         *     - `payment_declined` — 402: the (simulated) card was declined
         *     - `forbidden` — 403: signed in, but not allowed this (a request from another site included)
         *     - `not_found` — 404: no such route, or nothing there the caller may see
         *     - `method_not_allowed` — 405: the route exists, not with this method
         *     - `conflict` — 409: the state of things refuses it now
         *     - `payload_too_large` — 413: a body larger than the route takes
         *     - `uri_too_long` — 414: an address or a parameter too long
         *     - `unsupported_media_type` — 415: a body of a type the route does not read
         *     - `rate_limited` — 429: too many requests; Retry-After says when to try again
         *     - `request_refused` — any other 4xx
         *     - `internal_error` — 500: a fault of ours; the details stay in the server's log
         *     - `payments_unavailable` — 502: the payment provider refused or failed
         *     - `upstream_failed` — 502: another service the app depends on failed (the geocoder)
         *     - `service_unavailable` — 503: the database or a service is briefly away; Retry-After says when to try again
         * @enum {string}
         */
        ErrorCode: "not_signed_in" | "invalid_credentials" | "role_not_allowed" | "not_the_events_organizer" | "not_the_events_truck" | "not_a_party_to_event" | "not_your_event" | "not_your_menu" | "not_your_profile" | "not_the_reviewed_truck" | "event_not_found" | "order_not_found" | "menu_item_not_found" | "truck_not_found" | "review_not_found" | "change_request_not_found" | "unavailable_period_not_found" | "page_cursor_invalid" | "place_not_found" | "date_invalid" | "start_in_past" | "time_skipped_by_clock_change" | "dates_past" | "nothing_to_change" | "truck_unknown" | "goal_below_truck_minimum" | "amount_decimals" | "menu_items_not_on_truck" | "truck_unavailable" | "truck_not_bookable" | "unavailable_periods_exceeded" | "business_name_missing" | "cart_item_repeated" | "order_below_minimum" | "order_above_maximum" | "tip_invalid" | "amount_out_of_range" | "promo_code_unknown" | "promo_code_switched_off" | "promo_code_expired" | "promo_code_used_up" | "promo_code_taken" | "promo_code_not_found" | "sponsor_gift_too_small" | "sponsor_not_found" | "correction_reason_missing" | "correction_reason_too_long" | "correction_amount_invalid" | "invite_message_needs_sign_in" | "invite_message_needs_verified_email" | "image_refused" | "image_not_uploaded" | "password_is_username" | "password_too_common" | "current_password_required" | "current_password_wrong" | "password_unchanged" | "email_unchanged" | "no_email_to_verify" | "verify_link_invalid" | "reset_link_invalid" | "reminder_link_invalid" | "unsubscribe_link_invalid" | "event_not_taking_orders" | "event_sales_cap_reached" | "event_not_accepted" | "event_over" | "event_not_movable" | "event_not_cancellable" | "event_called_off" | "event_request_unanswered" | "event_request_answered" | "event_request_expired" | "guarantee_too_late" | "guarantee_in_place" | "goal_above_guarantee" | "change_request_not_pending" | "change_request_lapsed" | "new_start_passed" | "truck_already_booked" | "date_holds_accepted_event" | "order_refunded_in_full" | "cart_items_off_menu" | "stock_exhausted" | "pickup_slot_full" | "pickup_slot_unknown" | "pickup_slot_required" | "pickup_slots_in_use" | "pickup_slots_truck_only" | "pickup_slots_no_window" | "text_number_invalid" | "text_consent_missing" | "text_signature_invalid" | "prices_changed" | "platform_fee_changed" | "markup_changed" | "idempotency_key_reused" | "order_changed_meanwhile" | "order_not_cancellable" | "order_already_charged" | "order_being_refunded" | "order_not_collected" | "order_payment_not_failed" | "payment_fix_window_over" | "payment_already_done" | "payment_in_progress" | "correction_refused" | "refund_failure_not_found" | "refund_failure_not_open" | "fulfilment_refused" | "reminder_event_not_open" | "reminder_too_late" | "invites_event_not_open" | "review_already_written" | "review_refused" | "review_already_answered" | "username_taken" | "email_already_verified" | "image_quota_reached" | "menu_full" | "currency_fixed" | "reminder_requests_exceeded" | "invites_per_sender_exceeded" | "invites_per_event_exceeded" | "updates_per_day_exceeded" | "image_uploads_exceeded" | "refund_requests_exceeded" | "password_attempts_exceeded" | "login_attempts_exceeded" | "verification_mails_exceeded" | "reset_requests_exceeded" | "invalid_request" | "invalid_json" | "unauthenticated" | "payment_declined" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "rate_limited" | "request_refused" | "internal_error" | "payments_unavailable" | "upstream_failed" | "service_unavailable";
        Event: {
            approvalDate: string | null;
            approvalExpiryDate: string | null;
            cancelledBy: ("organizer" | "truck" | "admin" | "system") | null;
            cancelNote: string | null;
            cancelReason: string | null;
            changedAt: string | null;
            coverImageUrl: string | null;
            cuisine?: string | null;
            currency: components["schemas"]["Currency"];
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            currentSales: string;
            cutShortAt: string | null;
            date: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            endsAt: string;
            endTime: string;
            expectedDiners: number;
            foodTruckId: number;
            foodTruckName?: string | null;
            foodTruckResponse: string | null;
            hidden: boolean;
            hiddenReason: string | null;
            id: number;
            location: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            minimumSales: string;
            organizerId: number;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            priceMarkupPercentage: string;
            salesTaxBasisPoints: number | null;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            startsAt: string;
            startTime: string;
            /** @enum {string} */
            status: "pending_approval" | "approved" | "rejected" | "open" | "processing" | "confirmed" | "payment_failed" | "closed" | "cancelled";
            timeZone: string;
            title: string;
        };
        EventChangeRequest: {
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            answerBy: string;
            answeredAt: string | null;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            date: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            endsAt: string;
            endTime: string;
            eventId: number;
            eventTitle: string;
            id: number;
            location: string;
            previousDate: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            previousEndsAt: string;
            previousEndTime: string;
            previousLocation: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            previousStartsAt: string;
            previousStartTime: string;
            response: string | null;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            startsAt: string;
            startTime: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "declined" | "lapsed" | "replaced";
            timeZone: string;
        };
        EventDetail: {
            approvalDate: string | null;
            approvalExpiryDate: string | null;
            backerCount: number;
            cancelledBy: ("organizer" | "truck" | "admin" | "system") | null;
            cancelNote: string | null;
            cancelReason: string | null;
            cause: string | null;
            changedAt: string | null;
            coverImageUrl: string | null;
            cuisine?: string | null;
            currency: components["schemas"]["Currency"];
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            currentSales: string;
            cutShortAt: string | null;
            date: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            endsAt: string;
            endTime: string;
            expectedDiners: number;
            foodTruck: components["schemas"]["Truck"];
            foodTruckId: number;
            foodTruckName?: string | null;
            foodTruckResponse: string | null;
            hidden: boolean;
            hiddenReason: string | null;
            id: number;
            location: string;
            menuItemIds: number[] | null;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            minimumSales: string;
            organizerId: number;
            organizerName: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            priceMarkupPercentage: string;
            salesTax: components["schemas"]["SalesTax"];
            salesTaxBasisPoints: number | null;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            startsAt: string;
            startTime: string;
            /** @enum {string} */
            status: "pending_approval" | "approved" | "rejected" | "open" | "processing" | "confirmed" | "payment_failed" | "closed" | "cancelled";
            timeZone: string;
            title: string;
        };
        EventOrder: {
            collectedAt: string | null;
            corrections: components["schemas"]["Correction"][];
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            currency: components["schemas"]["Currency"];
            customerName: string;
            fulfilment: ("ready" | "collected") | null;
            id: number;
            items: components["schemas"]["OrderLine"][];
            note: string | null;
            payment: string;
            pickupCode: string | null;
            pickupSlot?: string | null;
            readyAt: string | null;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            refundedAmount: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "charged" | "refunded" | "cancelling" | "cancelled" | "failed";
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            subtotalAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            taxAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            tipAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            totalAmount: string;
        };
        EventSponsors: {
            giftsCents: number;
            sponsorMinCents: number | null;
            sponsors: components["schemas"]["PublicSponsor"][];
        };
        EventStock: {
            items: {
                left: number;
                limit: number;
                menuItemId: number;
            }[];
        };
        EventUpdate: {
            authorName: string;
            /** @enum {string} */
            authorRole: "truck" | "organizer";
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            id: number;
            text: string;
        };
        GeocodePlace: {
            boundingbox?: string[];
            display_name: string;
            lat: string;
            lon: string;
        };
        MenuItem: {
            allergens: ("milk" | "eggs" | "fish" | "shellfish" | "tree-nuts" | "peanuts" | "wheat" | "soy" | "sesame")[];
            category: string;
            currency: components["schemas"]["Currency"];
            description: string | null;
            dietaryTags: ("vegetarian" | "vegan" | "gluten-free" | "dairy-free" | "halal" | "kosher")[];
            foodTruckId: number;
            id: number;
            image: string | null;
            isActive: boolean;
            name: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            price: string;
            stockPerEvent: number | null;
        };
        Order: {
            corrections: components["schemas"]["Correction"][];
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            currency: components["schemas"]["Currency"];
            customerEmail: string;
            customerName: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            discountAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            donationAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            donationFeeAmount: string;
            eventId: number;
            failureMessage: string | null;
            fixPaymentDeadline: string | null;
            fulfilment: ("ready" | "collected") | null;
            id: number;
            items: components["schemas"]["OrderLine"][];
            /** @enum {string} */
            mode: "hold" | "save";
            note: string | null;
            pickupCode: string | null;
            refundedAmount: string | null;
            refundedAt: string | null;
            refundFailure: string | null;
            refundPending: boolean;
            releasedBy: ("diner" | "event" | "unpaid") | null;
            /** @enum {string} */
            status: "pending" | "confirmed" | "charged" | "refunded" | "cancelling" | "cancelled" | "failed";
            stripePaymentIntentId: string | null;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            subtotalAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            taxAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            tipAmount: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            totalAmount: string;
        };
        OrderLine: {
            menuItemId: number;
            name: string;
            quantity: number;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            unitPrice: string;
        };
        OrderReceipt: {
            event: {
                /**
                 * Format: date-time
                 * @description An instant, ISO 8601 in UTC
                 */
                endsAt: string;
                foodTruckName: string;
                goalReached: boolean;
                id: number;
                location: string;
                percentFunded: number;
                /**
                 * Format: date-time
                 * @description An instant, ISO 8601 in UTC
                 */
                startsAt: string;
                /** @enum {string} */
                status: "pending_approval" | "approved" | "rejected" | "open" | "processing" | "confirmed" | "payment_failed" | "closed" | "cancelled";
                timeZone: string;
                title: string;
            };
            lines: components["schemas"]["ReceiptLine"][];
            links: {
                calendar: string;
                event: string;
                pickupQr: string | null;
                receipt: string;
                share: string;
            };
            order: components["schemas"]["Order"];
            pickup?: {
                /**
                 * Format: date-time
                 * @description An instant, ISO 8601 in UTC
                 */
                endsAt: string;
                /**
                 * Format: date-time
                 * @description An instant, ISO 8601 in UTC
                 */
                startsAt: string;
            } | null;
            totals: {
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                charged: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                discount: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                fee: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                food: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                gift: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                giftFee: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                markup: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                salesTax: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                tip: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                total: string;
            };
        };
        OrganizerDesk: {
            attention: components["schemas"]["AttentionItem"][];
            totals: {
                money: {
                    currency: components["schemas"]["Currency"];
                    /**
                     * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                     * @example 12.50
                     */
                    foodSales: string;
                    /**
                     * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                     * @example 12.50
                     */
                    markupRaised: string;
                }[];
                orderCount: number;
                upcomingCount: number;
            };
            upcoming: components["schemas"]["DeskEvent"][];
        };
        OrganizerSponsor: {
            giftCents: number | null;
            hidden: boolean;
            id: number;
            /** @enum {string} */
            kind: "outside" | "gift";
            logoUrl: string | null;
            name: string;
            shown: boolean;
            url: string | null;
        };
        OrganizerSponsors: {
            sponsorMinCents: number | null;
            sponsors: components["schemas"]["OrganizerSponsor"][];
        };
        OwnAvailability: {
            ranges: components["schemas"]["UnavailableRange"][];
            unavailableWeekdays: number[];
        };
        OwnEventsPage: {
            events: components["schemas"]["Event"][];
            nextCursor: string | null;
        };
        PayoutAccount: {
            detailsSubmitted: boolean;
            /** @enum {string} */
            provider: "stripe" | "simulator";
            requirementsDue: string[];
            /** @enum {string} */
            status: "none" | "incomplete" | "enabled";
        };
        PayoutStatement: {
            events: {
                currency: components["schemas"]["Currency"];
                date: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                discounts: string;
                eventId: number;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                gifts: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                gross: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                guarantee: string;
                paidAt: string | null;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                platformFee: string;
                reason: string | null;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                refunds: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                salesTax: string;
                scheduledFor: string | null;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                share: string;
                /** @enum {string} */
                status: "pending" | "scheduled" | "paid" | "blocked";
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                tips: string;
                title: string;
            }[];
            nextCursor: string | null;
            /** @enum {string} */
            party: "truck" | "organizer";
            payoutDelayHours: number;
            /** @description Over every event, one entry per currency (never added across currencies); on the first page only, null on the pages after it */
            totals: {
                currency: components["schemas"]["Currency"];
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                paid: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                share: string;
                /**
                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                 * @example 12.50
                 */
                upcoming: string;
            }[] | null;
        };
        PickupBoard: {
            eventTitle: string;
            preparing: string[];
            ready: string[];
            truckName: string;
        };
        PickupSlot: {
            capacity: number;
            closed: boolean;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            endsAt: string;
            orders: number;
            remaining: number;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            startsAt: string;
        };
        PickupSlotPrep: {
            slots: {
                items: {
                    name: string;
                    quantity: number;
                }[];
                orders: number;
                /**
                 * Format: date-time
                 * @description An instant, ISO 8601 in UTC
                 */
                startsAt: string;
            }[];
        };
        PickupSlots: {
            minutes: number | null;
            slots: components["schemas"]["PickupSlot"][];
            timeZone: string;
        };
        PromoCode: {
            active: boolean;
            amountOffCents: number | null;
            chargedUses: number;
            code: string;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            discountCents: number;
            expiresAt: string | null;
            id: number;
            maxUses: number | null;
            percentOff: number | null;
            uses: number;
        };
        PromoCodeList: {
            codes: components["schemas"]["PromoCode"][];
        };
        PublicEventsPage: {
            events: components["schemas"]["Event"][];
            nextCursor: string | null;
            total: number;
        };
        PublicSponsor: {
            id: number;
            logoUrl: string | null;
            name: string;
            url: string | null;
        };
        /** @description Average stars (one decimal) and count; null without reviews */
        RatingSummary: {
            average: number;
            count: number;
        } | null;
        ReceiptLine: {
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            fee: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            food: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            markup: string;
            menuItemId: number;
            name: string;
            quantity: number;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            total: string;
            /**
             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
             * @example 12.50
             */
            unitPrice: string;
        };
        Review: {
            /** @enum {string} */
            author: "organizer" | "diner";
            authorName: string;
            body: string | null;
            /**
             * Format: date-time
             * @description An instant, ISO 8601 in UTC
             */
            createdAt: string;
            eventId: number;
            eventTitle: string;
            id: number;
            rating: number;
            repliedAt: string | null;
            reply: string | null;
            truckId: number;
        };
        ReviewInvitation: {
            eventTitle: string;
            existing: components["schemas"]["Review"] | null;
            refusal: string | null;
            truckId: number;
            truckName: string;
        };
        ReviewsPage: {
            nextCursor: string | null;
            reviews: components["schemas"]["Review"][];
            summary: components["schemas"]["RatingSummary"];
        };
        SalesTax: {
            basisPoints: number;
            onFood: boolean;
            onMarkup: boolean;
        };
        TourProgress: {
            active: boolean;
            badges: string[];
            completed: boolean;
            currentStep: number;
            points: number;
        };
        Truck: {
            businessName: string | null;
            cuisine: string | null;
            currency: components["schemas"]["Currency"];
            description: string | null;
            id: number;
            location: string | null;
            minimumSales: string | null;
            profileImage: string | null;
            username: string;
        };
        TruckAvailability: {
            bookedDates: string[];
            date: {
                available: boolean;
                /**
                 * Format: date
                 * @description A calendar date, YYYY-MM-DD
                 */
                date: string;
                reason: string | null;
            } | null;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            from: string;
            nextFreeDate: string | null;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            to: string;
            truckId: number;
            unavailableDates: {
                /**
                 * Format: date
                 * @description A calendar date, YYYY-MM-DD
                 */
                endsOn: string;
                /**
                 * Format: date
                 * @description A calendar date, YYYY-MM-DD
                 */
                startsOn: string;
            }[];
            unavailableWeekdays: number[];
        };
        TruckDirectoryPage: {
            cuisines: string[];
            near: {
                displayName: string;
                lat: number;
                lon: number;
                query: string;
                withinKm: number;
            } | null;
            nextCursor: string | null;
            trucks: components["schemas"]["DirectoryTruck"][];
        };
        TruckPage: {
            businessName: string | null;
            cuisine: string | null;
            currency: components["schemas"]["Currency"];
            description: string | null;
            dietaryTags: ("vegetarian" | "vegan" | "gluten-free" | "dairy-free" | "halal" | "kosher")[];
            distanceMeters: number | null;
            id: number;
            location: string | null;
            menuItemCount: number;
            minimumSales: string | null;
            nextFreeDate: string | null;
            profileImage: string | null;
            rating: components["schemas"]["RatingSummary"];
            unavailableWeekdays: number[];
            upcomingEvents: {
                /**
                 * Format: date
                 * @description A calendar date, YYYY-MM-DD
                 */
                date: string;
                id: number;
                location: string;
                startTime: string;
                title: string;
            }[];
            username: string;
        };
        UnavailableRange: {
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            endsOn: string;
            id: number;
            note: string | null;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            startsOn: string;
        };
        User: {
            businessName: string | null;
            contactEmail: string | null;
            cuisine: string | null;
            currency: components["schemas"]["Currency"];
            description: string | null;
            emailVerified: boolean;
            id: number;
            language: ("en" | "es") | null;
            location: string | null;
            mailTopics: ("requests" | "event-outcomes" | "payouts")[];
            minimumSales: string | null;
            phone: string | null;
            profileImage: string | null;
            /** @enum {string} */
            role: "organizer" | "foodtruck" | "admin";
            salesTax: components["schemas"]["SalesTax"];
            username: string;
        };
        WeeklyPattern: {
            unavailableWeekdays: number[];
        };
        WeeklyPatternInput: {
            unavailableWeekdays: number[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    changeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    saveLanguage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    language: "en" | "es";
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    sendVerificationEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getAdminChat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeConnections: number;
                        conversations: {
                            displayName: string;
                            guest: {
                                email: string;
                                name: string;
                            } | null;
                            id: number;
                            lastMessageAt: number;
                            messageCount: number;
                            orders: {
                                createdAt: number;
                                currency: components["schemas"]["Currency"];
                                eventId: number;
                                eventTitle: string;
                                id: number;
                                pickupCode: string | null;
                                status: string;
                                /**
                                 * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                                 * @example 12.50
                                 */
                                total: string;
                            }[];
                            page: string | null;
                            userId: number | null;
                        }[];
                        messages: components["schemas"]["ChatMessage"][];
                    };
                };
            };
        };
    };
    listAdminEvents: {
        parameters: {
            query?: {
                cursor?: string;
                hidden?: "true" | "false";
                page?: number;
                q?: string;
                status?: "pending_approval" | "approved" | "rejected" | "open" | "processing" | "confirmed" | "payment_failed" | "closed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["AdminEvent"][];
                        nextCursor: string | null;
                        page: number;
                        pageSize: number;
                        total: number;
                        totalCapped: boolean;
                    };
                };
            };
        };
    };
    cancelEventAsAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    setEventHidden: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    hidden: boolean;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    listRefundFailures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failures: {
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            amount: string;
                            attempts: number;
                            currency: components["schemas"]["Currency"];
                            dinerEmail: string;
                            dinerName: string;
                            eventId: number;
                            eventTitle: string;
                            failure: string | null;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            gaveUpAt: string;
                            id: number;
                            /** @enum {string} */
                            kind: "correction" | "order";
                            orderId: number;
                            pickupCode: string | null;
                            reason: string | null;
                            truckName: string;
                        }[];
                    };
                };
            };
        };
    };
    settleRefundFailure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    action: "retry" | "refunded_elsewhere" | "close";
                    id: number;
                    /** @enum {string} */
                    kind: "correction" | "order";
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "retry" | "refunded_elsewhere" | "close";
                        id: number;
                        /** @enum {string} */
                        kind: "correction" | "order";
                        /** @enum {boolean} */
                        settled: true;
                    };
                };
            };
        };
    };
    removeReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listBookings: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingsPage"];
                };
            };
        };
    };
    listEventDayOrders: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path: {
                eventId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collectedCount: number;
                        event: components["schemas"]["Event"];
                        handoverOpen: boolean;
                        /**
                         * Format: date-time
                         * @description An instant, ISO 8601 in UTC
                         */
                        handoverOpensAt: string;
                        orderCount: number;
                        orders: components["schemas"]["EventOrder"][];
                        pickupSlotMinutes?: number | null;
                        totals: {
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            food: string;
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            refunded: string;
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            salesTax: string;
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            tip: string;
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            total: string;
                        };
                        truncated: boolean;
                    };
                };
            };
        };
    };
    exportBookings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Every booking as CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
        };
    };
    listPendingEventChanges: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventChangeRequest"][];
                };
            };
        };
    };
    getChatHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isAdmin: boolean;
                        messages: components["schemas"]["ChatMessage"][];
                        sender: string;
                    };
                };
            };
        };
    };
    createEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cause?: string | null;
                    coverImage?: string | null;
                    /**
                     * @description The local day of the event in its `timeZone`: `YYYY-MM-DD` (stored as it is), or an ISO 8601 timestamp, read as the calendar date it falls on in `timeZone` (`2026-12-19T15:00:00.000Z` with `Asia/Tokyo` is 2026-12-20); a timestamp without an offset is a wall clock in `timeZone`. Answers always carry `YYYY-MM-DD`.
                     * @example 2026-12-20
                     */
                    date: string;
                    endTime: string;
                    expectedDiners: number;
                    foodTruckId: number;
                    location: string;
                    minimumSales: string | number;
                    /** @default 0 */
                    priceMarkupPercentage?: number;
                    selectedMenuItems?: number[];
                    startTime: string;
                    /** @default UTC */
                    timeZone?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: {
                order?: number;
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventDetail"];
                };
            };
        };
    };
    updateEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cause?: string | null;
                    expectedDiners: number;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    answerEventRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    minimumSales: string | number;
                    response?: string | null;
                    /** @enum {string} */
                    status: "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    getPickupBoard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickupBoard"];
                };
            };
        };
    };
    getEventCalendar: {
        parameters: {
            query?: {
                /** @description An instant, ISO 8601 in UTC */
                pickup?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The event as an iCalendar file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
        };
    };
    cancelEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    orderId?: number;
                    paymentIntentId?: string;
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        order: components["schemas"]["Order"];
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        order: components["schemas"]["Order"];
                    };
                };
            };
        };
    };
    requestEventChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    date: string;
                    endTime: string;
                    location: string;
                    startTime: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventChangeRequest"];
                };
            };
        };
    };
    answerEventChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                changeId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    answer: "accept" | "decline";
                    response?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventChangeRequest"];
                };
            };
        };
    };
    getLatestEventChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        change: components["schemas"]["EventChangeRequest"] | null;
                    };
                };
            };
        };
    };
    setEventCover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    coverImage: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required: one per checkout attempt, sent again unchanged on every retry (8 to 200 characters). */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    customerEmail: string;
                    customerName: string;
                    donationCents?: number;
                    eventId?: number;
                    items: {
                        menuItemId: number;
                        name?: string;
                        quantity: number;
                        unitPrice?: number;
                    }[];
                    markupPercentage?: number;
                    note?: string | null;
                    /** Format: date-time */
                    pickupSlot?: string;
                    platformFeePercentage?: number;
                    promoCode?: string;
                    sponsor?: {
                        logo?: string | null;
                        name: string;
                        url?: string | null;
                    };
                    textConsent?: boolean;
                    textTo?: string;
                    tipCents?: number;
                    tipPercent?: 10 | 15 | 20;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrder"];
                };
            };
        };
    };
    getEventGuarantee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cap: string | null;
                        charged: string | null;
                        chargedAt: string | null;
                        currency: components["schemas"]["Currency"];
                        failureMessage: string | null;
                        /** @enum {string} */
                        status: "saving" | "saved" | "charging" | "charged" | "declined" | "not_needed" | "withdrawn" | "none";
                        summary: string | null;
                    };
                };
            };
        };
    };
    offerEventGuarantee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientSecret: string;
                        guarantee: {
                            cap: string | null;
                            charged: string | null;
                            chargedAt: string | null;
                            currency: components["schemas"]["Currency"];
                            failureMessage: string | null;
                            /** @enum {string} */
                            status: "saving" | "saved" | "charging" | "charged" | "declined" | "not_needed" | "withdrawn" | "none";
                            summary: string | null;
                        };
                    };
                };
            };
        };
    };
    syncEventGuarantee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cap: string | null;
                        charged: string | null;
                        chargedAt: string | null;
                        currency: components["schemas"]["Currency"];
                        failureMessage: string | null;
                        /** @enum {string} */
                        status: "saving" | "saved" | "charging" | "charged" | "declined" | "not_needed" | "withdrawn" | "none";
                        summary: string | null;
                    };
                };
            };
        };
    };
    sendInvites: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    customMessage?: string;
                    emails: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        sent: number;
                    };
                };
            };
        };
    };
    listEventOrders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: components["schemas"]["Event"];
                        nextCursor: string | null;
                        orders: components["schemas"]["EventOrder"][];
                        totals: {
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            foodSales: string;
                            /**
                             * @description An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: "12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY
                             * @example 12.50
                             */
                            markupRaised: string;
                            orderCount: number;
                        };
                    };
                };
            };
        };
    };
    exportEventOrders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The event's orders as CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
        };
    };
    getOrderReceipt: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                id: number;
                orderId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderReceipt"];
                };
            };
        };
    };
    retryOrderPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                orderId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrder"];
                };
            };
        };
    };
    syncOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                orderId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
        };
    };
    listMyOrders: {
        parameters: {
            query?: {
                email?: string;
                order?: number;
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
        };
    };
    getPickupSlotPrep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickupSlotPrep"];
                };
            };
        };
    };
    getPickupQrCode: {
        parameters: {
            query: {
                code: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A QR code of the pickup link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
        };
    };
    listPickupSlots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickupSlots"];
                };
            };
        };
    };
    setPickupSlots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    capacity: number;
                    closed?: string[];
                    minutes: 10 | 15 | 20 | 30;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickupSlots"];
                };
            };
        };
    };
    listPromoCodes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCodeList"];
                };
            };
        };
    };
    createPromoCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amountOffCents?: number;
                    code: string;
                    expiresAt?: string | null;
                    maxUses?: number | null;
                    percentOff?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCode"];
                };
            };
        };
    };
    updatePromoCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                codeId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCode"];
                };
            };
        };
    };
    requestReminder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getOrganizerReviewInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewInvitation"];
                };
            };
        };
    };
    createOrganizerReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body?: string | null;
                    rating: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
        };
    };
    setEventSalesTax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    basisPoints: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
        };
    };
    setSponsorMinimum: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sponsorMinCents: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizerSponsors"];
                };
            };
        };
    };
    getEventSponsors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventSponsors"];
                };
            };
        };
    };
    addOutsideSponsor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    logo?: string | null;
                    name: string;
                    url?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizerSponsors"];
                };
            };
        };
    };
    updateSponsor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                sponsorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    hidden: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizerSponsors"];
                };
            };
        };
    };
    listOrganizerSponsors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizerSponsors"];
                };
            };
        };
    };
    getEventStock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventStock"];
                };
            };
        };
    };
    streamEventProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server-Sent Events: `progress` messages with the event totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
        };
    };
    listEventUpdates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventUpdate"][];
                };
            };
        };
    };
    postEventUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorName: string;
                        /** @enum {string} */
                        authorRole: "truck" | "organizer";
                        /**
                         * Format: date-time
                         * @description An instant, ISO 8601 in UTC
                         */
                        createdAt: string;
                        id: number;
                        recipients: number;
                        text: string;
                    };
                };
            };
        };
    };
    listOrganizerEvents: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnEventsPage"];
                };
            };
        };
    };
    listPendingEvents: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                foodTruckId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnEventsPage"];
                };
            };
        };
    };
    listPublicEvents: {
        parameters: {
            query?: {
                cursor?: string;
                event?: number;
                from?: string;
                limit?: number;
                organizer?: number;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicEventsPage"];
                };
            };
        };
    };
    geocode: {
        parameters: {
            query?: {
                location?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeocodePlace"][];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
        };
    };
    getImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The picture */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    createMenuItem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allergens?: ("milk" | "eggs" | "fish" | "shellfish" | "tree-nuts" | "peanuts" | "wheat" | "soy" | "sesame")[];
                    /**
                     * @default Entree
                     * @enum {string}
                     */
                    category?: "Appetizer" | "Entree" | "Side" | "Dessert" | "Drink" | "Special Items" | "Combo";
                    description?: string | null;
                    dietaryTags?: ("vegetarian" | "vegan" | "gluten-free" | "dairy-free" | "halal" | "kosher")[];
                    foodTruckId?: number;
                    image?: string | null;
                    /** @default true */
                    isActive?: boolean;
                    name: string;
                    price: number;
                    stockPerEvent?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenuItem"];
                };
            };
        };
    };
    listMenuItems: {
        parameters: {
            query?: {
                includeInactive?: "true" | "false";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenuItem"][];
                };
            };
        };
    };
    deleteMenuItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deactivated: boolean;
                        message: string;
                    };
                };
            };
        };
    };
    updateMenuItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allergens?: ("milk" | "eggs" | "fish" | "shellfish" | "tree-nuts" | "peanuts" | "wheat" | "soy" | "sesame")[];
                    /** @enum {string} */
                    category?: "Appetizer" | "Entree" | "Side" | "Dessert" | "Drink" | "Special Items" | "Combo";
                    description?: string | null;
                    dietaryTags?: ("vegetarian" | "vegan" | "gluten-free" | "dairy-free" | "halal" | "kosher")[];
                    image?: string | null;
                    isActive?: boolean;
                    name?: string;
                    price?: number;
                    stockPerEvent?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenuItem"];
                };
            };
        };
    };
    markOrderFulfilment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    state: "ready" | "collected";
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
        };
    };
    undoOrderCollected: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
        };
    };
    refundOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amountCents: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        correction: components["schemas"]["Correction"];
                        order: components["schemas"]["Order"];
                    };
                };
            };
        };
    };
    getDinerReviewInvitation: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewInvitation"];
                };
            };
        };
    };
    createDinerReview: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body?: string | null;
                    rating: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
        };
    };
    getOrganizerDesk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizerDesk"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    login: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getPaymentsConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "stripe";
                        publishableKey: string;
                    } | {
                        /** @enum {string} */
                        provider: "simulator";
                    };
                };
            };
        };
    };
    confirmSimulatorCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cardNumber: string;
                    clientSecret: string;
                    cvc: string;
                    expiry: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                    };
                };
            };
        };
    };
    receivePaymentWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate: boolean;
                        received: boolean;
                    };
                };
            };
        };
    };
    getPayoutStatement: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutStatement"];
                };
            };
        };
    };
    getPayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutAccount"];
                };
            };
        };
    };
    startPayoutOnboarding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
        };
    };
    refreshPayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutAccount"];
                };
            };
        };
    };
    exportPayouts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The payout statement as CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
        };
    };
    checkSimulatorOnboarding: {
        parameters: {
            query: {
                account: string;
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        valid: boolean;
                    };
                };
            };
        };
    };
    completeSimulatorOnboarding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redirectTo: string;
                    };
                };
            };
        };
    };
    receivePayoutWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate: boolean;
                        received: boolean;
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "up" | "down";
                        /** @enum {string} */
                        listener: "up" | "down";
                        ready: boolean;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "up" | "down";
                        /** @enum {string} */
                        listener: "up" | "down";
                        ready: boolean;
                    };
                };
            };
        };
    };
    registerAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: "" | string;
                    password: string;
                    /** @enum {string} */
                    role: "organizer" | "foodtruck";
                    username: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    openReminderConfirmation: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A redirect (see the Location header) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    confirmReminder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: number;
                    };
                };
            };
        };
    };
    replyToReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reply: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
        };
    };
    startGuestSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    forgetDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    receiveTextReply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An empty TwiML answer: nothing is sent back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/xml": string;
                };
            };
        };
    };
    getTourProgress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        progress: components["schemas"]["TourProgress"] | null;
                    };
                };
            };
        };
    };
    saveTourProgress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                    badges: string[];
                    completed: boolean;
                    currentStep: number;
                    points: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        progress: components["schemas"]["TourProgress"];
                    };
                };
            };
        };
    };
    listTrucks: {
        parameters: {
            query?: {
                area?: string;
                cuisine?: string;
                cursor?: string;
                diet?: "vegetarian" | "vegan" | "gluten-free" | "dairy-free" | "halal" | "kosher";
                /** @description A calendar date, YYYY-MM-DD */
                freeOn?: string;
                limit?: number;
                minFrom?: number;
                minTo?: number;
                near?: string;
                q?: string;
                within?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TruckDirectoryPage"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTruck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TruckPage"];
                };
            };
        };
    };
    getTruckAvailability: {
        parameters: {
            query?: {
                /** @description A calendar date, YYYY-MM-DD */
                date?: string;
                /** @description A calendar date, YYYY-MM-DD */
                from?: string;
                /** @description A calendar date, YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TruckAvailability"];
                };
            };
        };
    };
    listTruckReviews: {
        parameters: {
            query?: {
                cursor?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewsPage"];
                };
            };
        };
    };
    getOwnAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnAvailability"];
                };
            };
        };
    };
    addUnavailableRange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    endsOn: string;
                    note?: string | null;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    startsOn: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnavailableRange"];
                };
            };
        };
    };
    deleteUnavailableRange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    setUnavailableWeekdays: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WeeklyPatternInput"];
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WeeklyPattern"];
                };
            };
        };
    };
    getUnsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        eventId: number;
                        eventTitle: string;
                        unsubscribed: boolean;
                    };
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        eventId: number;
                        eventTitle: string;
                        unsubscribed: boolean;
                    };
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    getUserProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Truck"];
                };
            };
        };
    };
    updateUserProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    businessName?: string;
                    contactEmail?: ("" | string) | null;
                    cuisine?: string | null;
                    /** @enum {string} */
                    currency?: "USD" | "CAD" | "EUR" | "GBP" | "MXN" | "JPY";
                    currentPassword?: string;
                    description?: string | null;
                    location?: string | null;
                    mailTopics?: ("requests" | "event-outcomes" | "payouts")[];
                    minimumSales?: number | null;
                    phone?: string | null;
                    profileImage?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    setTruckSalesTax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    basisPoints: number;
                    onFood: boolean;
                    onMarkup: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
        };
    };
    renderEventPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event page, with its share card tags */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such event: the page, which says so */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getEventShareImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The truck's picture for the share card */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    openChatSocket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Switching to the WebSocket protocol */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
