/**
 * The service landing page's content rules (docs/public-site.md#pages-and-routes, docs/public-site.md#states-and-fallbacks, docs/public-site.md#validation), pure so
 * they are unit-tested: test/unit/landing-rules.test.ts.
 */
import { EMBED_HEIGHT_SCRIPT, keywordHeadline } from '@hap/contracts';
import type { LandingData } from '../state/page-state';

type Content = LandingData['content'];

/** Variant A: 3 reviews and 5 FAQs (docs/public-site.md#fixed-figures); the preview: up to 6 benefit chips. */
/**
 * The page's headline: the ad keyword the click matched, capitalised as Google's keyword insertion does and
 * as the page writes its names, when the server found it in the service's allow-list
 * (docs/campaigns.md#message-match); else the template's.
 */
export function headlineOf({ service, template }: LandingData['content'], keyword: string | undefined): string {
  if (!keyword) return template.headline;
  // The page's own words tell how it writes a name ('TRT', 'CoolSculpting'): the keyword writes it so too.
  const pageTexts = [service.name, template.headline, template.description, ...template.benefits.map((b) => b.title), ...template.faqs.flatMap((f) => [f.question, f.answer])];
  return keywordHeadline(keyword, pageTexts);
}

export const LIMITS = { reviews: 3, faqs: 5, previewBenefits: 6, steps: 3 } as const;

/** Variant A's 'How It Works' (docs/public-site.md#pages-and-routes), also style B's when the template has no process. */
export const MATCHING_STEPS = [
  { title: 'Tell us about you', description: 'Share a few details about your goals and how to reach you. It takes under a minute.' },
  { title: 'Get matched', description: 'We connect you with a licensed provider who specializes in the care you need.' },
  { title: 'Book your appointment', description: 'Choose a time that suits you and start your personalized treatment plan.' },
] as const;

export const DEFAULT_REVIEWER = 'Verified Patient';
export const DEFAULT_OFFER_TEXT = 'Free Consultation';

/** Where the embedded form's frame starts and how tall an embed may make it (docs/public-site.md#states-and-fallbacks). */
export const EMBED_MIN_HEIGHT = 600;
export const EMBED_PADDING = 50;
export const EMBED_MAX_HEIGHT = 3000;

export { formEmbedCodeOf } from './form-embed-code';

/**
 * The height an embed reports in a message: a number, a numeric string, or
 * an object with a numeric `height` (the shapes form builders post); else null.
 */
export function reportedHeight(data: unknown): number | null {
  const value = typeof data === 'object' && data !== null ? (data as { height?: unknown }).height : data;
  const height = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof height === 'number' && Number.isFinite(height) && height > 0 ? height : null;
}

/**
 * The frame's height for a reported content height: 600 + 50 until the
 * content is taller than 600 px, then the content + 50, never beyond the cap.
 */
export function embedFrameHeight(reported: number | null): number {
  const content = reported !== null && reported > EMBED_MIN_HEIGHT ? Math.min(reported, EMBED_MAX_HEIGHT) : EMBED_MIN_HEIGHT;
  return Math.round(content) + EMBED_PADDING;
}

/**
 * The hero's picture: the service's background, else the template's hero
 * image, else the clinic's office photo; null means the brand gradient alone.
 */
export function heroImagePath(content: Content, officeImagePath: string | null | undefined): string | null {
  return content.service.heroBackgroundPath || content.template.heroImage || officeImagePath || null;
}

/** A review's stars: whole stars from 0 to 5 (a missing or odd rating is the spec's default, 5). */
export function starCount(rating: number | null | undefined): number {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return 5;
  return Math.max(0, Math.min(5, Math.round(rating)));
}

export const reviewerName = (name: string | null | undefined): string => name?.trim() || DEFAULT_REVIEWER;

/** The offer a page advertises: the service's, else the template's, else 'Free Consultation'. */
export function offerOf(content: Content): string {
  return content.service.offer?.trim() || content.template.offer?.trim() || DEFAULT_OFFER_TEXT;
}

/** The treatment's name in a sentence: the service's name, else its custom title, else the headline. */
export function serviceNameOf(content: Content): string {
  return content.service.name.trim() || content.service.customTitle?.trim() || content.template.headline;
}

/** Values the preview shows where the clinic has none yet (docs/public-site.md#pages-and-routes preview variant). */
export const PREVIEW_PLACEHOLDERS = {
  address: '123 Main Street, Suite 100, Your City, ST 12345',
  phone: '(555) 123-4567',
  email: 'info@yourclinic.com',
} as const;

export function previewContact(client: { address: string | null; phone: string | null; email: string | null }) {
  return {
    address: client.address || PREVIEW_PLACEHOLDERS.address,
    phone: client.phone || PREVIEW_PLACEHOLDERS.phone,
    email: client.email || PREVIEW_PLACEHOLDERS.email,
  };
}

/** The frame's document: the embed code in a plain page (unless it is one already) and the height reporter. */
export function embedDocument(code: string): string {
  if (/^<(!doctype|html)/i.test(code.trim())) return code;
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<style>html,body{margin:0;padding:0;background:transparent;font-family:system-ui,sans-serif}</style></head><body>' +
    code +
    `<script>${EMBED_HEIGHT_SCRIPT}</script>` +
    '</body></html>'
  );
}
