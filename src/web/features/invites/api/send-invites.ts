/** A refused invitation, with the message the form shows. */
export class InviteError extends Error {
  override name = 'InviteError';
}

/**
 * POST /api/events/{id}/invite. Written with fetch rather than api() because the product words an
 * unreadable answer by its status.
 */
export async function sendInvites(eventId: number, emails: string[], customMessage: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/events/${eventId}/invite`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ emails, customMessage }),
    });
  } catch {
    throw new InviteError('Failed to send invitations');
  }
  if (response.ok) return;
  let data: { message?: string } | undefined;
  try {
    data = (await response.json()) as { message?: string };
  } catch {
    if (response.status === 500) throw new InviteError('Internal server error. Please try again later.');
    if (response.status === 404) throw new InviteError('Event not found or inaccessible.');
    throw new InviteError(`Server error (${response.status}). Please try again.`);
  }
  throw new InviteError(data?.message || 'Failed to send invitations');
}
