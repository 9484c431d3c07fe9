/**
 * The home page's style variant (public spec §2 reading A: A, B and C; only A
 * is ever selected, DESIGN §9.2). `?variant=b` or `?variant=c` on a home path
 * shows the others, for previews; anything else is A.
 */
export type HomeVariant = 'A' | 'B' | 'C';

export function homeVariantOf(search: string | URLSearchParams | null | undefined): HomeVariant {
  const params = typeof search === 'string' || search === null || search === undefined ? new URLSearchParams(search ?? '') : search;
  const value = (params.get('variant') ?? '').trim().toUpperCase();
  return value === 'B' || value === 'C' ? value : 'A';
}

/** public spec §9: variant B shows at most 6 services. */
export const VARIANT_B_MAX_SERVICES = 6;
