/**
 * Search engines learn what each page treats (docs/public-site.md#what-a-page-shows: "MedicalProcedure data varies by
 * service type: MaleEnhancement, HormoneTherapy, WeightManagement, SexualHealth,
 * MedicalAesthetics"). Zod-free: the public shell's server renders the JSON-LD from it.
 */

/** The spec's service types, in the order a service is matched against them. */
export const MEDICAL_SERVICE_TYPES = ['MaleEnhancement', 'HormoneTherapy', 'SexualHealth', 'WeightManagement', 'MedicalAesthetics'] as const;
export type MedicalServiceType = (typeof MEDICAL_SERVICE_TYPES)[number];

/** The words that name each type, in a template's name, slug, subcategory or category. */
const WORDS: Readonly<Record<MedicalServiceType, RegExp>> = {
  MaleEnhancement: /\b(plong|p-shot|enhancement|penile|men'?s health|male)\b/,
  HormoneTherapy: /\b(trt|testosterone|hormones?|hrt|bhrt|menopause|andropause|thyroid|women'?s health)\b/,
  SexualHealth: /\b(ed|erectile|sexual|libido|intimacy|gainswave|shockwave)\b/,
  WeightManagement: /\b(weight|semaglutide|tirzepatide|glp-?1|obesity|metabolic|diet|slimming)\b/,
  MedicalAesthetics: /\b(aesthetics?|coolsculpting|sculpt\w*|contouring|botox|fillers?|skin|facials?|laser|hair|prp|microneedling|med-?spa|rejuvenation|body)\b/,
};

/** The types most specific first: men's health holds testosterone, ED and enhancement services. */
const SPECIFIC_FIRST: readonly MedicalServiceType[] = ['HormoneTherapy', 'SexualHealth', 'WeightManagement', 'MedicalAesthetics', 'MaleEnhancement'];

const typeNamedIn = (text: string | null | undefined): MedicalServiceType | null => {
  const words = (text ?? '').toLowerCase().replaceAll('’', "'").replaceAll('-', ' ').replace(/\bglp 1\b/g, 'glp-1');
  return words.trim() ? (SPECIFIC_FIRST.find((type) => WORDS[type].test(words)) ?? null) : null;
};

/**
 * A service's type from its template: the template's category (its subcategory, then the category
 * above it, as the admin files it), unless the template's own name or slug names a more specific
 * one (a "Men's Health" category holds TRT, ED and PLong). Null when none names a type: the page
 * then says only that it is a MedicalProcedure.
 */
export function medicalServiceType(template: { name?: string | null; slug?: string | null; subcategory?: string | null; category?: string | null }): MedicalServiceType | null {
  const own = typeNamedIn(`${template.name ?? ''} ${template.slug ?? ''}`);
  const filed = typeNamedIn(template.subcategory) ?? typeNamedIn(template.category);
  if (own && (!filed || filed === 'MaleEnhancement' || filed === 'HormoneTherapy')) return own;
  return filed ?? own;
}

/**
 * schema.org's MedicalSpecialty for each type (https://schema.org/MedicalSpecialty): the
 * vocabulary has no MaleEnhancement or HormoneTherapy type, so a page's MedicalProcedure
 * names the spec's type as its `additionalType` and the specialty that treats it as its
 * `relevantSpecialty`.
 */
export const RELEVANT_SPECIALTY: Readonly<Record<MedicalServiceType, string>> = {
  MaleEnhancement: 'Urologic',
  HormoneTherapy: 'Endocrine',
  SexualHealth: 'Urologic',
  WeightManagement: 'DietNutrition',
  MedicalAesthetics: 'Dermatology',
};

/** A clinic's one-line address ('1450 Larimer Street, Suite 200, Denver, CO 80202') as a schema.org PostalAddress's parts. */
export function postalAddressOf(address: string | null | undefined): {
  streetAddress: string;
  addressLocality?: string;
  addressRegion?: string;
  postalCode?: string;
} | null {
  const parts = (address ?? '')
    .split(/\s*[,\n]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  const last = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(parts[parts.length - 1]);
  if (last && parts.length >= 3) {
    return { streetAddress: parts.slice(0, -2).join(', '), addressLocality: parts[parts.length - 2], addressRegion: last[1].toUpperCase(), postalCode: last[2] };
  }
  if (parts.length >= 2) return { streetAddress: parts.slice(0, -1).join(', '), addressLocality: parts[parts.length - 1] };
  return { streetAddress: parts[0] };
}

/**
 * JSON for inside `<script type="application/ld+json">`: nothing in it can end the element or
 * start markup (`<`, `>`, `&` escaped as JSON escapes), nor break a line for old parsers.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
