import { routes, type ActiveTemplate } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** A client's service page as the services list gives it (only what this screen shows). */
export interface ClientServicePage {
  templateId: number;
  path: string;
  isActive: boolean;
}

export const clientTemplatesKey = (clientId: number) => ['admin', 'client-templates', clientId] as const;
export const clientServicePagesKey = (clientId: number) => ['admin', 'client-service-pages', clientId] as const;

/** The templates the client has activated (active ones only). */
export const useClientTemplates = (clientId: number) =>
  useQuery({
    queryKey: clientTemplatesKey(clientId),
    queryFn: ({ signal }): Promise<ActiveTemplate[]> => api.call(routes.listClientTemplates, { params: { clientId: String(clientId) } }, { signal }),
  });

/** The client's service pages, to show each activated template's page path. */
export const useClientServicePages = (clientId: number) =>
  useQuery({
    queryKey: clientServicePagesKey(clientId),
    queryFn: ({ signal }): Promise<ClientServicePage[]> =>
      api.call(routes.listServicesForClient, { params: { clientId: String(clientId) } }, { signal }),
  });
