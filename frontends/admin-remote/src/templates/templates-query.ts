import { routes, type AiStatus, type ServiceTemplate, type TemplateGeneration, type TemplateSubcategory } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const TEMPLATES_KEY = ['admin', 'service-templates'] as const;

export const useServiceTemplates = () =>
  useQuery({ queryKey: TEMPLATES_KEY, queryFn: ({ signal }): Promise<ServiceTemplate[]> => api.call(routes.listServiceTemplates, {}, { signal }) });

export const useSubcategories = () =>
  useQuery({
    queryKey: ['admin', 'template-subcategories'],
    queryFn: ({ signal }): Promise<TemplateSubcategory[]> => api.call(routes.listTemplateSubcategories, {}, { signal }),
    staleTime: 5 * 60 * 1000,
  });

export const useAiStatus = () =>
  useQuery({ queryKey: ['admin', 'ai-status'], queryFn: ({ signal }): Promise<AiStatus> => api.call(routes.getAiStatus, {}, { signal }), staleTime: 60 * 1000 });

/** How often the Create tab asks how a generation is doing. */
export const GENERATION_POLL_MS = 1000;

export const generationKey = (id: number | null) => ['admin', 'template-generation', id] as const;

/** A generation, polled until it has succeeded or failed. */
export const useGeneration = (id: number | null) =>
  useQuery({
    queryKey: generationKey(id),
    enabled: id !== null,
    queryFn: ({ signal }): Promise<TemplateGeneration> => api.call(routes.getTemplateGeneration, { params: { id: String(id) } }, { signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'succeeded' || query.state.data.status === 'failed') ? false : GENERATION_POLL_MS),
  });
