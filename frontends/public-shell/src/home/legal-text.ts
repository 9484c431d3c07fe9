/**
 * The static legal text of the footer's modal (docs/public-site.md#pages-and-routes reading A
 * footer). Only LegalDialog imports it, dynamically: it loads when a visitor
 * opens the modal (docs/public-site.md#page-speed), not with the page.
 */
import type { LegalDocument } from './legal-documents';

/** Also named here for the pages that import the type from this module (type-only: no runtime import). */
export type { LegalDocument } from './legal-documents';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export const LEGAL_TEXT: Record<LegalDocument, LegalSection[]> = {
  privacy: [
    {
      heading: 'HIPAA Notice',
      paragraphs: [
        'We are committed to protecting your medical information. We use and disclose protected health information only as permitted by the Health Insurance Portability and Accountability Act (HIPAA), for treatment, payment and health care operations, or with your written authorization.',
        'You have the right to request a copy of your records, to ask for corrections, to request limits on how your information is used or shared, and to receive a list of certain disclosures.',
      ],
    },
    {
      heading: 'Information We Collect',
      paragraphs: [
        'When you contact us or request a consultation, we collect the details you provide, such as your name, email address, phone number and any message you send, so that we can respond and schedule your visit.',
        'Our website may use cookies and similar technologies to remember your preferences and to understand how visitors use the site.',
      ],
    },
    {
      heading: 'How We Use and Protect Your Information',
      paragraphs: [
        'Your information is used to provide and coordinate your care, to communicate with you about appointments and services, and to improve our website. We do not sell your personal information.',
        'We maintain administrative, technical and physical safeguards designed to keep your information secure.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: ['If you have questions about this policy or your privacy rights, please contact our office using the details on this page.'],
    },
  ],
  terms: [
    {
      heading: 'Medical Disclaimer',
      paragraphs: [
        'The content of this website is for general information only and is not a substitute for professional medical advice, diagnosis or treatment. Always seek the advice of a qualified health provider with any questions about a medical condition. Treatment is provided only after an evaluation by a licensed provider, and individual results may vary.',
      ],
    },
    {
      heading: 'Appointments and Cancellations',
      paragraphs: [
        "Please give us at least 24 hours' notice if you need to cancel or reschedule an appointment. Late cancellations and missed appointments may be subject to a fee.",
      ],
    },
    {
      heading: 'Payment',
      paragraphs: ['Payment is due at the time of service unless other arrangements have been agreed in advance.'],
    },
    {
      heading: 'Promotions',
      paragraphs: [
        'Promotional offers are subject to availability and eligibility, may not be combined with other offers, have no cash value, and may be changed or withdrawn at any time without notice.',
      ],
    },
    {
      heading: 'Use of This Website',
      paragraphs: [
        'By using this website you agree to these terms. We may update them from time to time; the version posted here is the one that applies.',
      ],
    },
  ],
};
