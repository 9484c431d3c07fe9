import { jsonForScript, postalAddressOf, RELEVANT_SPECIALTY } from '@hap/contracts';
import type { PageView } from '../pages/views';
import { clinicHref, type PageState } from '../state/page-state';

/**
 * The page's schema.org data for search engines, rendered by the server only (docs/public-site.md#what-a-page-shows:
 * "MedicalProcedure data varies by service type"): the clinic as a MedicalClinic (its name,
 * address as a PostalAddress, phone, e-mail, logo, picture and home page) on its home, client
 * landing, service and unified pages; on a service or unified page also the service as a
 * MedicalProcedure whose `additionalType` is the spec's type (MaleEnhancement, HormoneTherapy,
 * WeightManagement, SexualHealth, MedicalAesthetics; templates derives it from the template's
 * category) and whose `relevantSpecialty` is the schema.org MedicalSpecialty that treats it; the
 * clinic lists it as an `availableService`. Nothing for pages without a real clinic (fallback
 * branding), previews, the shared fallback services' pages, thanks, onboarding and errors.
 */
export function structuredDataOf(view: PageView, state: PageState): Record<string, unknown> | null {
  if (state.clientSource === 'fallback') return null;
  if (view !== 'home' && view !== 'client-landing' && view !== 'service' && view !== 'unified') return null;
  const { client, origin, landing } = state;
  const absolute = (path: string | null | undefined) => {
    const value = path?.trim();
    if (!value) return undefined;
    if (/^https?:\/\//i.test(value)) return value;
    return `${origin}${value.startsWith('/') ? '' : '/'}${value}`;
  };
  const home = `${origin}${clinicHref(state, '/')}`;
  const address = postalAddressOf(client.address);
  const clinic: Record<string, unknown> = {
    '@type': 'MedicalClinic',
    '@id': `${home}#clinic`,
    name: client.name,
    url: home,
    ...(client.phone?.trim() && { telephone: client.phone.trim() }),
    ...(client.email?.trim() && { email: client.email.trim() }),
    ...(address && { address: { '@type': 'PostalAddress', ...address } }),
    ...(absolute(client.logoPath) && { logo: absolute(client.logoPath) }),
    ...(absolute(client.officeImagePath ?? client.logoPath) && { image: absolute(client.officeImagePath ?? client.logoPath) }),
  };
  if (view === 'home' || view === 'client-landing') return { '@context': 'https://schema.org', ...clinic };
  // A preview or a fallback service's page is not the clinic's own service: no data at all.
  if (!landing || landing.fallback || state.route.preview === true || !landing.content.service.isActive) return null;
  const procedure = landing;
  const { service, template } = procedure.content;
  const type = procedure.serviceType ?? null;
  const pageUrl = `${origin}${procedure.meta.canonicalUrl}`;
  const medicalProcedure: Record<string, unknown> = {
    '@type': 'MedicalProcedure',
    '@id': `${pageUrl}#procedure`,
    name: service.name,
    description: procedure.meta.description || template.description,
    url: pageUrl,
    ...(type && { additionalType: type, relevantSpecialty: `https://schema.org/${RELEVANT_SPECIALTY[type]}` }),
    ...(absolute(template.heroImage) && { image: absolute(template.heroImage) }),
  };
  return {
    '@context': 'https://schema.org',
    '@graph': [{ ...clinic, availableService: { '@id': medicalProcedure['@id'] } }, medicalProcedure],
  };
}

/** The `<script type="application/ld+json">` for `<head>`, or '' when the page has none. */
export function structuredDataTag(view: PageView, state: PageState): string {
  const data = structuredDataOf(view, state);
  return data ? `<script type="application/ld+json">${jsonForScript(data)}</script>` : '';
}
