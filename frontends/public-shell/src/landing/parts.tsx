import { assetUrl, type PageSectionKey } from '@hap/contracts';
import { ArrowRight, ChevronDown, CircleCheck, Phone, Quote, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { ClinicBrand } from '../home/ClinicBrand';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import type { LandingData } from '../state/page-state';
import { responsiveImage } from '@hap/contracts';
import { fieldMark, isEditing, itemMark, listMark, textMark, type EditedList } from './editing';
import { reviewerName, starCount } from './landing-rules';

type Template = LandingData['content']['template'];

/** The page's data; service pages render only with it (pages/views.ts). */
export function useLanding() {
  const state = usePageState();
  if (!state.landing) throw new Error('A service page needs its content');
  return { ...state, content: state.landing.content };
}

/** The page is the page editor's (editing.ts): its marks are rendered. */
export const useEditing = (): boolean => isEditing(usePageState());

/** A text the page editor edits in place; a visitor's page has the bare text. */
export function EditableText({ mark, children }: { mark: 'headline' | 'offer'; children: string }) {
  const editing = useEditing();
  return editing ? <span {...textMark(editing, mark)}>{children}</span> : <>{children}</>;
}

/** A list's mark when every item has its id (a style's fixed steps have none: not the clinic's to edit). */
const markedList = (editing: boolean, list: EditedList, items: readonly { id?: string }[]) =>
  listMark(editing && items.length > 0 && items.every((item) => item.id), list);

export interface NavLink {
  href: string;
  label: string;
  /** The section it leads to, when its anchor is not the section's name (the preview's `#testimonials`). */
  section?: PageSectionKey;
}

/** Links to a page's sections, from `{ sectionId: label }` in their order; `sections` names the layout's section of an anchor that is not one. */
export const sectionLinks = (labels: Record<string, string>, sections: Partial<Record<string, PageSectionKey>> = {}): readonly NavLink[] =>
  Object.entries(labels).map(([id, label]) => ({ href: `#${id}`, label, ...(sections[id] && { section: sections[id] }) }));

/** Sticky top bar of a service page (docs/public-site.md#pages-and-routes): brand, section links, 'Get Started' to the form. */
export function LandingHeader({ links, cta = 'Get Started' }: { links: readonly NavLink[]; cta?: string }) {
  const { client } = usePageState();
  return (
    <header className="topbar lp-topbar">
      <div className="container topbar__inner">
        <span className="topbar__brand">
          <ClinicBrand variant="header" />
        </span>
        <nav className="lp-topbar__nav" aria-label="Page sections">
          {links.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
        </nav>
        <div className="lp-topbar__actions">
          {client.phone && (
            <a className="lp-topbar__call" href={telHref(client.phone)} aria-label={`Call ${client.phone}`}>
              <Phone size={18} aria-hidden />
              <span className="lp-topbar__call-number">{client.phone}</span>
            </a>
          )}
          <a className="btn btn--brand" href="#contact">
            {cta}
          </a>
        </div>
      </div>
    </header>
  );
}

/** A transparent pixel: what a phone shows instead of the hero picture (no request). */
const NO_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The hero's picture behind a brand-coloured veil: the service's background,
 * the template's hero image or the office photo (landing-rules heroImagePath).
 * Decorative, so no alt; the first thing a visitor sees, so fetched first.
 */
export function HeroBackdrop({ path }: { path: string | null }) {
  const editing = useEditing();
  const url = assetUrl(path);
  // The editor's page keeps the picture's place, for an image the editor puts there.
  if (!url && editing) {
    return (
      <picture data-edit-image="heroImage">
        <source media="(min-width: 768px)" srcSet={NO_PICTURE} />
        <img className="lp-hero__image" src={NO_PICTURE} width={1280} height={720} alt="" />
      </picture>
    );
  }
  if (!url) return null;
  const image = responsiveImage(url, 1280);
  // Under the hero's tint on a phone the picture is all but invisible, yet it would be the
  // largest download before the form: phones get the brand gradient, wider screens the picture.
  return (
    <picture {...(editing && { 'data-edit-image': 'heroImage' })}>
      <source media="(min-width: 768px)" srcSet={image.srcSet ?? image.src} sizes="100vw" />
      <img
        className="lp-hero__image"
        src={NO_PICTURE}
        width={image.width ?? 1280}
        height={image.height ?? 720}
        alt=""
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}

/** A photo further down the page: responsive and lazy. */
export function LazyImage({ path, alt, slot, className }: { path: string; alt: string; slot: number; className?: string }) {
  const url = assetUrl(path);
  if (!url) return null;
  const image = responsiveImage(url, slot);
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? `(min-width: 960px) ${slot}px, 100vw` : undefined}
      width={image.width ?? 640}
      height={image.height ?? 480}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}

export function PhoneLink({ className, label }: { className?: string; label?: string }) {
  const { client } = usePageState();
  if (!client.phone) return null;
  return (
    <a className={className} href={telHref(client.phone)}>
      <Phone size={18} aria-hidden />
      {label ?? client.phone}
    </a>
  );
}

export function SectionHeading({ id, eyebrow, title, intro }: { id: string; eyebrow?: string; title: string; intro?: string }) {
  return (
    <div className="lp-heading">
      {eyebrow && <p className="lp-eyebrow">{eyebrow}</p>}
      <h2 id={id} className="lp-heading__title">
        {title}
      </h2>
      {intro && <p className="lp-heading__intro">{intro}</p>}
    </div>
  );
}

export function Section({ id, tinted, labelledBy, children }: { id?: string; tinted?: boolean; labelledBy: string; children: ReactNode }) {
  return (
    <section id={id} className={`lp-section${tinted ? ' lp-section--tinted' : ''}`} aria-labelledby={labelledBy}>
      <div className="container">{children}</div>
    </section>
  );
}

export function Stars({ rating }: { rating: number | null | undefined }) {
  const count = starCount(rating);
  return (
    <span className="lp-stars" role="img" aria-label={`Rated ${count} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} size={18} aria-hidden fill={i < count ? 'currentColor' : 'none'} className={i < count ? undefined : 'lp-stars__empty'} />
      ))}
    </span>
  );
}

export function ReviewCards({ testimonials }: { testimonials: Template['testimonials'] }) {
  return (
    <ul className="lp-reviews">
      {testimonials.map((review, index) => (
        <li key={index} className="lp-review">
          <figure className="lp-review__figure">
            <Stars rating={review.rating} />
            <blockquote className="lp-review__text">
              <Quote className="lp-review__quote" size={20} aria-hidden />
              <p>{review.text}</p>
            </blockquote>
            <figcaption className="lp-review__name">{reviewerName(review.name)}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** Questions as native disclosure widgets: no script, keyboard and screen reader friendly. */
export function FaqList({ faqs }: { faqs: Template['faqs'] }) {
  const editing = useEditing();
  return (
    <div className="lp-faqs" {...markedList(editing, 'faqs', faqs)}>
      {faqs.map((faq) => (
        // The editor's page shows every answer, to be edited where it is read.
        <details key={faq.id ?? faq.question} className="lp-faq" open={editing || undefined} {...itemMark(editing, 'faqs', faq.id)}>
          <summary className="lp-faq__question">
            <span {...fieldMark(editing, 'question')}>{faq.question}</span>
            <ChevronDown className="lp-faq__chevron" size={20} aria-hidden />
          </summary>
          <p className="lp-faq__answer" {...fieldMark(editing, 'answer')}>
            {faq.answer}
          </p>
        </details>
      ))}
    </div>
  );
}

export function StepList({ steps }: { steps: readonly { id?: string; title: string; description: string }[] }) {
  const editing = useEditing();
  return (
    <ol className="lp-steps" {...markedList(editing, 'process', steps)}>
      {steps.map((step, index) => (
        <li key={step.id ?? step.title} className="lp-step" {...itemMark(editing, 'process', step.id)}>
          <span className="lp-step__number" aria-hidden="true" {...(editing && step.id && { 'data-edit-number': '' })}>
            {index + 1}
          </span>
          <h3 className="lp-step__title" {...fieldMark(editing, 'title')}>
            {step.title}
          </h3>
          {(step.description || (editing && step.id)) && (
            <p className="lp-step__text" {...fieldMark(editing, 'description')}>
              {step.description}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A band closing the page with its main call to action. */
export function ClosingCta({ id, title, text, cta }: { id: string; title: string; text: string; cta: string }) {
  return (
    <section className="lp-closing" aria-labelledby={id}>
      <div className="container lp-closing__inner">
        <h2 id={id} className="lp-closing__title">
          {title}
        </h2>
        <p className="lp-closing__text">{text}</p>
        <div className="lp-closing__actions">
          <a className="btn btn--light btn--lg" href="#contact">
            {cta}
            <ArrowRight size={18} aria-hidden />
          </a>
          <PhoneLink className="btn btn--outline-light btn--lg" />
        </div>
      </div>
    </section>
  );
}

export function BenefitList({ benefits }: { benefits: Template['benefits'] }) {
  const editing = useEditing();
  return (
    <ul className="lp-benefits" {...markedList(editing, 'benefits', benefits)}>
      {benefits.map((benefit) => (
        <li key={benefit.id ?? benefit.title} className="lp-benefit" {...itemMark(editing, 'benefits', benefit.id)}>
          <CircleCheck className="lp-benefit__icon" size={22} aria-hidden />
          <div>
            <h3 className="lp-benefit__title" {...fieldMark(editing, 'title')}>
              {benefit.title}
            </h3>
            {(benefit.description || editing) && (
              <p className="lp-benefit__text" {...fieldMark(editing, 'description')}>
                {benefit.description}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
