/** The legal modal's documents (docs/public-site.md#states-and-fallbacks: none, privacy or terms); their text is legal-text.ts, loaded on open. */
export type LegalDocument = 'privacy' | 'terms';

export const LEGAL_TITLES: Readonly<Record<LegalDocument, string>> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};
