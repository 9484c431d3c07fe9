import { routes, type ClientServiceDiff, type TemplateClinics, type TemplatePush, type TemplateVersions } from '@hap/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const rolloutKey = (templateId: number) => ['admin', 'template-rollout', templateId] as const;

export const useTemplateVersions = (templateId: number) =>
  useQuery({
    queryKey: [...rolloutKey(templateId), 'versions'],
    queryFn: ({ signal }): Promise<TemplateVersions> => api.call(routes.listTemplateVersions, { params: { id: templateId } }, { signal }),
  });

export const useTemplateClinics = (templateId: number) =>
  useQuery({
    queryKey: [...rolloutKey(templateId), 'clinics'],
    queryFn: ({ signal }): Promise<TemplateClinics> => api.call(routes.listTemplateClinics, { params: { id: templateId } }, { signal }),
  });

/** How many pushes a page of the list holds (the route's page). */
export const PUSHES_PAGE = 10;

/** The template's pushes, newest first, a page of PUSHES_PAGE at a time (the next: those before the last one shown). */
export const useTemplatePushes = (templateId: number) =>
  useInfiniteQuery({
    queryKey: [...rolloutKey(templateId), 'pushes'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }): Promise<TemplatePush[]> =>
      api.call(routes.listTemplatePushes, { params: { id: templateId }, query: pageParam === undefined ? {} : { before: pageParam } }, { signal }),
    getNextPageParam: (last) => (last.length === PUSHES_PAGE ? last[last.length - 1]!.id : undefined),
  });

export const diffQuery = (templateId: number, clientServiceId: number, version: number) => ({
  queryKey: [...rolloutKey(templateId), 'diff', clientServiceId, version],
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<ClientServiceDiff> =>
    api.call(routes.getClientServiceDiff, { params: { id: clientServiceId }, query: { version } }, { signal }),
});

/** How often a running push is asked how it is doing. */
export const PUSH_POLL_MS = 500;

/** A push, polled until it has succeeded or failed. */
export const usePush = (pushId: number | null) =>
  useQuery({
    queryKey: ['admin', 'template-push', pushId],
    enabled: pushId !== null,
    queryFn: ({ signal }): Promise<TemplatePush> => api.call(routes.getTemplatePush, { params: { pushId: String(pushId) } }, { signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'succeeded' || query.state.data.status === 'failed') ? false : PUSH_POLL_MS),
  });
