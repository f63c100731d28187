import { ApiError, apiClient } from '@web/lib/api-client';

/** A refused invitation, with the message the form shows. */
export class InviteError extends Error {
  override name = 'InviteError';
}

/** POST /api/events/{id}/invite. The product words an answer without a message by its status. */
export async function sendInvites(eventId: number, emails: string[], customMessage: string): Promise<void> {
  try {
    await apiClient.POST('/api/events/{id}/invite', {
      params: { path: { id: eventId } },
      body: { emails, customMessage },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new InviteError('Failed to send invitations');
    // The API's own refusal (it has a code) is said as it is; another answer by its status.
    if (error.code !== undefined) throw new InviteError(error.message);
    if (error.status === 500) throw new InviteError('Internal server error. Please try again later.');
    if (error.status === 404) throw new InviteError('Event not found or inaccessible.');
    throw new InviteError(`Server error (${error.status}). Please try again.`);
  }
}
