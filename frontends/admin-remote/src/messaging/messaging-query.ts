import { routes, type MessagingSettings, type StoredMessaging } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';

/** The agency's defaults (null) or one clinic's patient messages (docs/speed-to-lead.md#follow-ups). */
export type MessagingScope = number | null;

const keyOf = (clientId: MessagingScope) => ['admin', 'messaging', clientId ?? 'defaults'] as const;

export function useMessaging(clientId: MessagingScope) {
  return useQuery({
    queryKey: keyOf(clientId),
    queryFn: ({ signal }): Promise<StoredMessaging> =>
      clientId === null ? api.call(routes.getMessagingDefaults, {}, { signal }) : api.call(routes.getClientMessaging, { params: { id: String(clientId) } }, { signal }),
  });
}

export function useSaveMessaging(clientId: MessagingScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MessagingSettings): Promise<StoredMessaging> =>
      clientId === null ? api.call(routes.updateMessagingDefaults, { body: settings }) : api.call(routes.updateClientMessaging, { params: { id: String(clientId) }, body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(clientId), saved),
  });
}

/** The clinic follows the agency's defaults again. */
export function useResetMessaging(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<StoredMessaging> => api.call(routes.resetClientMessaging, { params: { id: String(clientId) } }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(clientId), saved),
  });
}
