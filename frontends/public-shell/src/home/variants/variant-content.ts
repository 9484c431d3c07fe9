/** A home page testimonial (docs/public-site.md#what-a-page-shows home content: text, author, rating). */
export interface HomeTestimonial {
  text: string;
  author: string;
  rating: number;
}

/** docs/public-site.md#pages-and-routes variant B: three default testimonials with author and rating (up to 5 stars). */
export const DEFAULT_HOME_TESTIMONIALS: readonly HomeTestimonial[] = [
  {
    text: 'From my first visit I felt listened to. The team explained every option and built a plan that fits my life.',
    author: 'Sarah M.',
    rating: 5,
  },
  {
    text: 'Booking was easy, the staff were friendly and professional, and I started seeing results within a few weeks.',
    author: 'James R.',
    rating: 5,
  },
  {
    text: 'A clean, welcoming clinic with providers who take the time to answer every question. I finally feel in good hands.',
    author: 'Linda K.',
    rating: 4,
  },
];

export const MAX_RATING = 5;

/** Stars to fill: a whole number from 0 to 5 (5 when the rating is missing or not a number). */
export function starsOf(rating: number | null | undefined): number {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return MAX_RATING;
  return Math.min(MAX_RATING, Math.max(0, Math.round(rating)));
}

/**
 * A link that opens the address in a maps site in a new tab. The public page
 * embeds no third-party map (no iframe, no script, no request to a map host
 * before the visitor chooses to go there); the block shows a static visual.
 */
export function mapLinkFor(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}
