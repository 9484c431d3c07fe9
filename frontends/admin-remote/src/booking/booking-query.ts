import { routes, type AppointmentAction, type AvailabilityInput, type Calendar, type CalendarAppointment, type SlotList, type StoredAvailability } from '@hap/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ClinicService } from './availability-form';

/**
 * Whose booking screens: one clinic's for the agency (its id in the address), or the signed-in
 * user's own clinic in the portal (the identity's, never a parameter). The screens are one set of
 * components; the scope picks the route of each call (as the Domains screens do).
 */
export type BookingScope = { kind: 'admin'; clientId: number } | { kind: 'portal' };

const base = (scope: BookingScope) => (scope.kind === 'admin' ? (['admin', 'booking', scope.clientId] as const) : (['portal', 'booking'] as const));
export const availabilityKey = (scope: BookingScope) => [...base(scope), 'availability'] as const;
export const calendarKey = (scope: BookingScope) => [...base(scope), 'calendar'] as const;
export const feedKey = (scope: BookingScope) => [...base(scope), 'feed'] as const;

export function useAvailability(scope: BookingScope) {
  return useQuery({
    queryKey: availabilityKey(scope),
    queryFn: ({ signal }): Promise<StoredAvailability> =>
      scope.kind === 'admin'
        ? api.call(routes.getBookingAvailability, { params: { id: scope.clientId } }, { signal })
        : api.call(routes.getPortalAvailability, {}, { signal }),
  });
}

export function useSaveAvailability(scope: BookingScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityInput): Promise<StoredAvailability> =>
      scope.kind === 'admin'
        ? api.call(routes.updateBookingAvailability, { params: { id: scope.clientId }, body })
        : api.call(routes.updatePortalAvailability, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityKey(scope), saved);
      // The calendar is shown in the clinic's zone, which may have changed.
      void queryClient.invalidateQueries({ queryKey: calendarKey(scope) });
    },
  });
}

/** The clinic's services the form lists: the portal's live pages (its active services), the admin's every service. */
export function useClinicServices(scope: BookingScope) {
  return useQuery({
    queryKey: [...base(scope), 'services'],
    queryFn: async ({ signal }): Promise<ClinicService[]> =>
      scope.kind === 'admin'
        ? (await api.call(routes.listServicesForClient, { params: { clientId: scope.clientId } }, { signal })).map((s) => ({ id: s.id, name: s.isActive ? s.name : `${s.name} (inactive)` }))
        : (await api.call(routes.listPortalPages, {}, { signal })).services.map((s) => ({ id: s.serviceId, name: s.name })),
  });
}

/** The appointments that start in [from, to); the previous window stays on screen while the next loads. */
export function useCalendar(scope: BookingScope, window: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...calendarKey(scope), window?.from, window?.to],
    enabled: window !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<Calendar> => {
      const query = { from: window!.from, to: window!.to };
      return scope.kind === 'admin'
        ? api.call(routes.getClientCalendar, { params: { clientId: scope.clientId }, query }, { signal })
        : api.call(routes.getPortalCalendar, { query }, { signal });
    },
  });
}

/** One action on an appointment; the calendar is read again after it, whatever the answer. */
export function useAppointmentAction(scope: BookingScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: AppointmentAction }): Promise<CalendarAppointment> =>
      scope.kind === 'admin'
        ? api.call(routes.updateClientAppointment, { params: { clientId: scope.clientId, id }, body: action })
        : api.call(routes.updatePortalAppointment, { params: { id }, body: action }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKey(scope) }),
  });
}

/** The free times of a service in [from, to) (the public slots: the same a patient is offered). */
export function useSlots(clientId: number, serviceId: number, window: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['booking', 'slots', clientId, serviceId, window?.from, window?.to],
    enabled: window !== null,
    staleTime: 0,
    queryFn: ({ signal }): Promise<SlotList> => api.call(routes.getBookingSlots, { query: { clientId, serviceId, from: window!.from, to: window!.to } }, { signal }),
  });
}

/** The portal's calendar feed address (the admin has no feed route). */
export function useCalendarFeed() {
  return useQuery({ queryKey: feedKey({ kind: 'portal' }), queryFn: ({ signal }) => api.call(routes.getPortalCalendarFeed, {}, { signal }) });
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.regeneratePortalCalendarFeed, {}),
    onSuccess: (feed) => queryClient.setQueryData(feedKey({ kind: 'portal' }), feed),
  });
}
