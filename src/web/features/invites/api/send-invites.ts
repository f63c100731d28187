import { ApiError, apiClient } from '@web/lib/api-client';

/**
 * A refused invitation, with the message the form shows: the API's own words (already in the page's
 * language), or the common catalog's `key` for the product's words by status.
 */
export class InviteError extends Error {
  override name = 'InviteError';
  constructor(
    message: string,
    readonly key?: string,
    readonly values?: Record<string, number>,
  ) {
    super(message);
  }
}

/** POST /api/events/{id}/invite. The product words an answer without a message by its status. */
export async function sendInvites(eventId: number, emails: string[], customMessage: string): Promise<void> {
  try {
    await apiClient.POST('/api/events/{id}/invite', {
      params: { path: { id: eventId } },
      body: { emails, customMessage },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new InviteError('Failed to send invitations', 'invites.failed');
    // The API's own refusal (it has a code) is said as it is; another answer by its status.
    if (error.code !== undefined) throw new InviteError(error.message);
    if (error.status === 500)
      throw new InviteError('Internal server error. Please try again later.', 'invites.serverError');
    if (error.status === 404) throw new InviteError('Event not found or inaccessible.', 'invites.notFound');
    throw new InviteError(`Server error (${error.status}). Please try again.`, 'invites.statusError', {
      status: error.status,
    });
  }
}
