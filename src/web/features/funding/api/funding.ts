import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePromoCodeInput } from '@core/schemas/codes-and-gifts';
import { apiClient } from '@web/lib/api-client';

/**
 * Promo codes and sponsors (docs/decisions/222-promo-codes.md, 223-gifts-and-sponsors.md): what the
 * event page shows, and the organizer's tools on their event's screen.
 */

/** GET /api/events/{id}/sponsors: the sponsors shown, the least gift that names one, the gifts so far. */
export const eventSponsorsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/sponsors`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/sponsors', { params: { path: { id: eventId } }, signal }),
  });

export function useEventSponsors(eventId: number) {
  return useQuery(eventSponsorsQuery(eventId));
}

const promoCodesQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/promo-codes`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/promo-codes', { params: { path: { id: eventId } }, signal }),
  });

export function usePromoCodes(eventId: number) {
  return useQuery(promoCodesQuery(eventId));
}

export function useCreatePromoCode(eventId: number) {
  return useMutation({
    meta: { invalidates: [promoCodesQuery(eventId).queryKey] },
    mutationFn: (input: CreatePromoCodeInput) =>
      apiClient.POST('/api/events/{id}/promo-codes', { params: { path: { id: eventId } }, body: input }),
  });
}

export function useSwitchPromoCode(eventId: number) {
  return useMutation({
    meta: { invalidates: [promoCodesQuery(eventId).queryKey] },
    mutationFn: ({ codeId, active }: { codeId: number; active: boolean }) =>
      apiClient.PATCH('/api/events/{id}/promo-codes/{codeId}', {
        params: { path: { id: eventId, codeId } },
        body: { active },
      }),
  });
}

const organizerSponsorsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/sponsors/manage`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/sponsors/manage', { params: { path: { id: eventId } }, signal }),
  });

export function useOrganizerSponsors(eventId: number) {
  return useQuery(organizerSponsorsQuery(eventId));
}

const sponsorKeys = (eventId: number) => [
  organizerSponsorsQuery(eventId).queryKey,
  eventSponsorsQuery(eventId).queryKey,
];

export function useAddOutsideSponsor(eventId: number) {
  return useMutation({
    meta: { invalidates: sponsorKeys(eventId) },
    mutationFn: (input: { name: string; url: string | null; logo: string | null }) =>
      apiClient.POST('/api/events/{id}/sponsors', { params: { path: { id: eventId } }, body: input }),
  });
}

export function useHideSponsor(eventId: number) {
  return useMutation({
    meta: { invalidates: sponsorKeys(eventId) },
    mutationFn: ({ sponsorId, hidden }: { sponsorId: number; hidden: boolean }) =>
      apiClient.PATCH('/api/events/{id}/sponsors/{sponsorId}', {
        params: { path: { id: eventId, sponsorId } },
        body: { hidden },
      }),
  });
}

export function useSetSponsorMinimum(eventId: number) {
  return useMutation({
    meta: { invalidates: sponsorKeys(eventId) },
    mutationFn: (sponsorMinCents: number | null) =>
      apiClient.PUT('/api/events/{id}/sponsor-minimum', {
        params: { path: { id: eventId } },
        body: { sponsorMinCents },
      }),
  });
}
