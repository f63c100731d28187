import { apiClient } from '@web/lib/api-client';

/** A refused invitation, with the message the form shows. */
export class InviteError extends Error {
  override name = 'InviteError';
}

/**
 * POST /api/events/{id}/invite. Reads the client's raw result rather than through call() because the
 * product words an unreadable answer by its status.
 */
export async function sendInvites(eventId: number, emails: string[], customMessage: string): Promise<void> {
  let result: { error?: unknown; response: Response };
  try {
    result = await apiClient.POST('/api/events/{id}/invite', {
      params: { path: { id: eventId } },
      body: { emails, customMessage },
    });
  } catch {
    throw new InviteError('Failed to send invitations');
  }
  const { error, response } = result;
  if (response.ok) return;
  // The client gives the answer's text when it is not JSON, and nothing for an empty one.
  if (error === undefined || typeof error === 'string') {
    if (response.status === 500) throw new InviteError('Internal server error. Please try again later.');
    if (response.status === 404) throw new InviteError('Event not found or inaccessible.');
    throw new InviteError(`Server error (${response.status}). Please try again.`);
  }
  const data = error as { message?: string } | null;
  throw new InviteError(data?.message || 'Failed to send invitations');
}
