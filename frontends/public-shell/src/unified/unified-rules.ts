/**
 * The hormone-therapy-style page's rules (docs/public-site.md#pages-and-routes, docs/public-site.md#fixed-figures) as pure
 * functions: the countdown, the mobile bar's threshold, the hero's list cuts,
 * star ratings and the lead form's checks. No React and no schema library, so
 * they are unit-tested directly and cost the landing route almost nothing.
 */
import { validateLead } from '../landing/lead-form-rules';

/** docs/public-site.md#fixed-figures: the countdown starts at 23:59:59. */
export const COUNTDOWN_START_SECONDS = 23 * 3600 + 59 * 60 + 59;

/** One tick of the countdown: one second less, and back to the start after zero (docs/public-site.md#pages-and-routes). */
export function countdownStep(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > COUNTDOWN_START_SECONDS) return COUNTDOWN_START_SECONDS;
  return Math.floor(seconds) - 1;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The countdown's hours, minutes and seconds, each as two digits. */
export function countdownParts(seconds: number): { hours: string; minutes: string; seconds: string } {
  const s = Math.max(0, Math.min(COUNTDOWN_START_SECONDS, Math.floor(Number.isFinite(seconds) ? seconds : 0)));
  return { hours: two(Math.floor(s / 3600)), minutes: two(Math.floor((s % 3600) / 60)), seconds: two(s % 60) };
}

/** `86399` → `"23:59:59"`. */
export function formatCountdown(seconds: number): string {
  const p = countdownParts(seconds);
  return `${p.hours}:${p.minutes}:${p.seconds}`;
}

/** docs/public-site.md#fixed-figures: the sticky mobile bar shows once scrolled past 80 % of the hero's height. */
export const MOBILE_BAR_HERO_FRACTION = 0.8;

/**
 * Whether the visitor has scrolled past 80 % of the hero, from the hero's
 * bounding box in the viewport (`top` goes negative as the page scrolls).
 * A hero not laid out yet (height 0) never counts as passed.
 */
export function pastHero(heroTop: number, heroHeight: number, fraction: number = MOBILE_BAR_HERO_FRACTION): boolean {
  if (!(heroHeight > 0)) return false;
  return -heroTop >= heroHeight * fraction;
}

/** docs/public-site.md#fixed-figures: the hero shows at most 3 benefits and 3 process steps. */
export const HERO_LIST_LIMIT = 3;

/** The first `limit` items of a list (the hero's cut); a missing list is empty. */
export function firstItems<T>(items: readonly T[] | null | undefined, limit: number = HERO_LIST_LIMIT): T[] {
  return Array.isArray(items) ? items.slice(0, Math.max(0, Math.floor(limit))) : [];
}

/** docs/public-site.md#fixed-figures: fixed marketing text, never computed. */
export const UNIFIED_STATS: readonly { value: string; label: string }[] = [
  { value: '500+', label: 'Satisfied Patients' },
  { value: '15+', label: 'Years of Experience' },
  { value: '100%', label: 'Customized Care' },
  { value: '4.9', label: 'Average Rating' },
];

/** A testimonial's stars: a whole number 1–5; a missing or odd rating is the default 5 (docs/public-site.md#fixed-figures). */
export function starCount(rating: unknown): number {
  const n = typeof rating === 'number' ? rating : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return 5;
  return Math.min(5, Math.max(1, Math.round(n)));
}

/** Who said it: the testimonial's name, else 'Verified Patient' (docs/public-site.md#pages-and-routes). */
export const testimonialAuthor = (name: string | null | undefined): string => name?.trim() || 'Verified Patient';

/** docs/public-site.md#validation: an embed code counts when non-empty and not the text 'null' or 'undefined'. */
export function hasEmbedCode(code: string | null | undefined): code is string {
  const text = (code ?? '').trim();
  return text !== '' && text !== 'null' && text !== 'undefined';
}

/**
 * A link that opens the address in the visitor's maps app or Google Maps:
 * nothing of a third party loads until they choose to go there (README).
 */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}

/** The team heading (docs/public-site.md#pages-and-routes): one member is 'the' professional. */
export const teamHeading = (count: number): string => (count === 1 ? 'Meet Our Wellness Professional' : 'Meet Our Team');

export interface LeadFields {
  name: string;
  email: string;
  phone: string;
}
export type LeadErrors = Partial<Record<keyof LeadFields, string>>;

/**
 * docs/public-site.md#validation's lead form checks with its messages (the contracts'
 * LeadFormSchema, without the schema library the landing route must not ship).
 */
export function leadErrors(values: LeadFields): LeadErrors {
  // The landing page's rules (docs/public-site.md#validation), one copy for both pages.
  const { name, email, phone } = validateLead({ ...values, message: '' });
  return { ...(name && { name }), ...(email && { email }), ...(phone && { phone }) };
}
