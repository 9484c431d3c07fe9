import { routes, type Experiment, type ExperimentCreateInput, type ExperimentStop, type ExperimentUpdate } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';

export const EXPERIMENTS_KEY = ['admin', 'experiments'] as const;

/** A clinic's experiments, newest first; the numbers move as views are folded (about every 15 s). */
export function useExperiments(clientId: number | null) {
  return useQuery({
    queryKey: [...EXPERIMENTS_KEY, 'list', clientId],
    queryFn: ({ signal }): Promise<Experiment[]> => api.call(routes.listExperiments, { query: { clientId: clientId ?? undefined } }, { signal }),
    enabled: clientId !== null,
    refetchInterval: 30_000,
  });
}

export function useExperiment(id: number) {
  return useQuery({
    queryKey: [...EXPERIMENTS_KEY, 'one', id],
    queryFn: ({ signal }): Promise<Experiment> => api.call(routes.getExperiment, { params: { id } }, { signal }),
    refetchInterval: 15_000,
  });
}

/** Every change answers the experiment as it is now: the cache takes it, the lists are read again. */
function useExperimentChange<T>(change: (input: T) => Promise<Experiment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (experiment) => {
      queryClient.setQueryData([...EXPERIMENTS_KEY, 'one', experiment.id], experiment);
      void queryClient.invalidateQueries({ queryKey: [...EXPERIMENTS_KEY, 'list'] });
    },
  });
}

export const useStartExperiment = () => useExperimentChange((body: ExperimentCreateInput) => api.call(routes.createExperiment, { body }));
export const useUpdateExperiment = (id: number) => useExperimentChange((body: ExperimentUpdate) => api.call(routes.updateExperiment, { params: { id }, body }));
export const usePauseExperiment = (id: number) => useExperimentChange(() => api.call(routes.pauseExperiment, { params: { id } }));
export const useResumeExperiment = (id: number) => useExperimentChange(() => api.call(routes.resumeExperiment, { params: { id } }));
export const useStopExperiment = (id: number) => useExperimentChange((body: ExperimentStop) => api.call(routes.stopExperiment, { params: { id }, body }));
