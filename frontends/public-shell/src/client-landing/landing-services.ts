import { DEFAULT_SERVICE_DESCRIPTION, FALLBACK_SERVICES, type PageServiceCard } from '@hap/contracts';

/**
 * docs/public-site.md#pages-and-routes reading B: a service card links to '/{service path}?client={client id}',
 * with the client always named (unlike the home page, whose links name it only
 * on development hosts).
 */
export function landingServiceHref(slug: string, clientId: number): string {
  return `/${encodeURIComponent(slug)}?client=${clientId}`;
}

/** docs/public-site.md#pages-and-routes reading B: the fallback services (TRT 999 … Semaglutide 994) as cards. */
export const FALLBACK_SERVICE_CARDS: readonly PageServiceCard[] = FALLBACK_SERVICES.map((service) => ({
  id: service.id,
  name: service.name ?? '',
  description: service.description ?? DEFAULT_SERVICE_DESCRIPTION,
  slug: service.template_slug ?? service.path ?? String(service.id),
  offer: service.custom_offer ?? null,
  image: service.heroBackgroundPath ?? null,
}));

export interface LandingServices {
  /** The cards to show; empty when the catalogue did not answer. */
  cards: PageServiceCard[];
  /** True when they are the shared fallback list, not the clinic's own. */
  fallback: boolean;
}

/**
 * The clinic's services, each with a description (the generic one when it
 * has none); the fallback list when the clinic has none of its own. When the
 * catalogue did not answer there are no cards: the page says so rather than
 * offer services the clinic may not have.
 */
export function landingServices(services: readonly PageServiceCard[], servicesLoaded: boolean): LandingServices {
  if (!servicesLoaded) return { cards: [], fallback: false };
  if (services.length === 0) return { cards: [...FALLBACK_SERVICE_CARDS], fallback: true };
  return {
    cards: services.map((s) => ({ ...s, description: s.description.trim() || DEFAULT_SERVICE_DESCRIPTION })),
    fallback: false,
  };
}

/**
 * The clinic's website as a link target: http(s) only (a stored 'javascript:'
 * or other scheme is never a link), a bare domain gets https://; null when
 * there is none or it is not a web address.
 */
export function websiteHref(website: string | null | undefined): string | null {
  const text = website?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}
