/** Default brand colours (docs/public-site.md#what-a-page-shows, docs/public-site.md#fixed-figures). */
export const DEFAULT_BRAND_COLOR = '#37a2d4';
export const DEFAULT_BRAND_BG_COLOR = '#00446f';
/** docs/public-site.md#onboarding: a self-onboarded clinic's brand colour (docs/public-site.md#what-a-page-shows: '#2563eb on creation in onboarding'). */
export const ONBOARDING_BRAND_COLOR = '#2563eb';
