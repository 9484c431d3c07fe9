/**
 * The home page's style variant (docs/public-site.md#pages-and-routes reading A: A, B and C; only A
 * is ever selected, docs/public-site.md#home-pages). `?variant=b` or `?variant=c` on a home path
 * shows the others, for previews; anything else is A.
 */
export type HomeVariant = 'A' | 'B' | 'C';

export function homeVariantOf(search: string | URLSearchParams | null | undefined): HomeVariant {
  const params = typeof search === 'string' || search === null || search === undefined ? new URLSearchParams(search ?? '') : search;
  const value = (params.get('variant') ?? '').trim().toUpperCase();
  return value === 'B' || value === 'C' ? value : 'A';
}

/** docs/public-site.md#fixed-figures: variant B shows at most 6 services. */
export const VARIANT_B_MAX_SERVICES = 6;
