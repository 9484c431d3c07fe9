/**
 * What the thank-you page says (docs/public-site.md#pages-and-routes 'Thank-you page', docs/public-site.md#messages), as a
 * plain function of the clinic: a booking link first, else the clinic's own
 * online booking (the picker, docs/booking.md#pages), else what happens next,
 * and a generic thank-you when the clinic is not known.
 */
import type { PageState } from '../state/page-state';

export const THANKS_FALLBACK_TEXT = "We've received your information and will be in touch shortly.";

export interface ThanksStep {
  title: string;
  text: string;
}

export type ThanksContent =
  | { kind: 'generic'; title: 'Thank You'; text: string }
  | { kind: 'booking'; title: 'Reserve Your Appointment'; text: string; bookingLink: string; action: 'Schedule Appointment' }
  | { kind: 'picker'; title: 'Reserve Your Appointment'; text: string; action: 'Schedule Appointment'; pickerTitle: string }
  | { kind: 'next-steps'; title: 'Thank You for Contacting Us!'; text: string; stepsTitle: 'What Happens Next'; steps: readonly ThanksStep[] };

/** The three steps a clinic follows after a request (written for the product; the spec names only the list). */
export const NEXT_STEPS: readonly ThanksStep[] = [
  { title: 'We review your request', text: 'Our team reads your details and gets ready for your consultation.' },
  { title: 'A care coordinator calls you', text: 'Expect a call within one business day to answer your questions and find a time that suits you.' },
  { title: 'Your consultation', text: 'Meet your provider, talk through your goals and leave with a plan made for you.' },
];

/** A booking link the page may open: http(s) only (an admin typed it; never a javascript: URL). */
export function bookingHref(link: string | null | undefined): string | null {
  const text = (link ?? '').trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Where 'Schedule Appointment' leads on the page itself: the picker's section. */
export const PICKER_ANCHOR = 'schedule';

export function thanksContentOf(state: Pick<PageState, 'client' | 'clientSource' | 'booking'>): ThanksContent {
  const { client, clientSource } = state;
  if (clientSource === 'fallback') return { kind: 'generic', title: 'Thank You', text: THANKS_FALLBACK_TEXT };
  const bookingLink = bookingHref(client.bookingLink);
  if (bookingLink) {
    return {
      kind: 'booking',
      title: 'Reserve Your Appointment',
      text: `Thank you, ${client.name} has received your request. Choose a time that suits you now and skip the wait for a call back.`,
      bookingLink,
      action: 'Schedule Appointment',
    };
  }
  // The clinic's own online booking (docs/booking.md#pages): the server found free times of the lead's service.
  if (state.booking?.picker) {
    return {
      kind: 'picker',
      title: 'Reserve Your Appointment',
      text: `Thank you, ${client.name} has received your request. Choose a time that suits you now and skip the wait for a call back.`,
      action: 'Schedule Appointment',
      pickerTitle: 'Choose a time',
    };
  }
  return {
    kind: 'next-steps',
    title: 'Thank You for Contacting Us!',
    text: `${client.name} has received your request and will be in touch shortly.`,
    stepsTitle: 'What Happens Next',
    steps: NEXT_STEPS,
  };
}
