import { arrangeSections, hidesSection, type PageSectionKey } from '@hap/contracts';
import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { ConsultationForm } from './ConsultationForm';
import { LandingFooter } from './LandingFooter';
import { heroImagePath } from './landing-rules';
import { BenefitList, FaqList, HeroBackdrop, LandingHeader, PhoneLink, ReviewCards, Section, SectionHeading, StepList, useEditing, useLanding, type NavLink } from './parts';

/**
 * The sections the service page's styles and the preview share (src/landing/README.md): one
 * component a section, the style's differences (texts, tint, modifiers) as props, so the markup,
 * classes and order are written once.
 */

type Template = ReturnType<typeof useLanding>['content']['template'];

/** A page's frame: `site lp` (plus the style's modifier), an optional banner, the top bar, the sections and the footer. */
export function LandingLayout({
  modifier,
  banner,
  nav,
  cta,
  quickLinks,
  after,
  children,
}: {
  modifier?: string;
  banner?: ReactNode;
  nav: readonly NavLink[];
  cta?: string;
  quickLinks: readonly NavLink[];
  after?: ReactNode;
  children: ReactNode;
}) {
  const layout = useLanding().content.service.sections;
  // A link to a section the clinic hides would lead nowhere (docs/page-editor.md#sections).
  const shown = (links: readonly NavLink[]) => links.filter((link) => !hidesSection(layout, link.section ?? link.href.slice(1)));
  return (
    <div className={modifier ? `site lp ${modifier}` : 'site lp'}>
      {banner}
      <LandingHeader links={shown(nav)} cta={cta} />
      <main>{children}</main>
      <LandingFooter quickLinks={shown(quickLinks)} />
      {after}
    </div>
  );
}

export interface HeroBadge {
  icon: LucideIcon;
  text: ReactNode;
  /** `lp-hero__badge` unless the style flags it otherwise (C's `lp-flag`). */
  className?: string;
}

/**
 * The hero (`#contact` on the styles, where 'Get Started' leads): the picture under its veil, the
 * copy (badge, title, lead and what the style adds) and what stands beside it (form card, tiles).
 */
export function LandingHero({
  id = 'contact',
  modifier,
  innerModifier,
  badge: { icon: Icon, text, className = 'lp-hero__badge' },
  title,
  lead,
  copy,
  children,
}: {
  /** `null`: no anchor (the preview's hero; its `#contact` is the contact section). */
  id?: string | null;
  modifier?: string;
  innerModifier?: string;
  badge: HeroBadge;
  title: ReactNode;
  lead: ReactNode;
  copy?: ReactNode;
  children?: ReactNode;
}) {
  const { client, content } = useLanding();
  return (
    <section id={id ?? undefined} className={modifier ? `lp-hero ${modifier}` : 'lp-hero'} aria-labelledby="lp-hero-title">
      <HeroBackdrop path={heroImagePath(content, client.officeImagePath)} />
      <div className={innerModifier ? `container lp-hero__inner ${innerModifier}` : 'container lp-hero__inner'}>
        <div className="lp-hero__copy">
          <p className={className}>
            <Icon size={16} aria-hidden />
            {text}
          </p>
          <h1 id="lp-hero-title" className="lp-hero__title">
            {title}
          </h1>
          <p className="lp-hero__lead">{lead}</p>
          {copy}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The hero's form card: title, intro, the form, and the phone for those who would rather call. */
export function FormCard({
  title,
  intro,
  submitLabel,
  withMessage,
  call,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  withMessage?: boolean;
  /** The words before the phone link, and the link's own text (the number when absent). */
  call: { prefix: string; label?: (phone: string) => string };
}) {
  const { client } = useLanding();
  return (
    <div className="lp-card lp-form-card">
      <h2 className="lp-form-card__title">{title}</h2>
      <p className="lp-form-card__intro">{intro}</p>
      <ConsultationForm submitLabel={submitLabel} withMessage={withMessage} />
      {client.phone && (
        <p className="lp-form-card__call">
          {call.prefix}
          <PhoneLink className="lp-link" label={call.label?.(client.phone)} />
        </p>
      )}
    </div>
  );
}

export interface IconTile {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A list of icon tiles (A's stats and network badges): `{block}__icon`, `__title`, `__text` under each `{block}`. */
export function IconTiles({ className, block, label, iconSize, tiles }: { className: string; block: string; label?: string; iconSize: number; tiles: readonly IconTile[] }) {
  return (
    <ul className={className} aria-label={label}>
      {tiles.map(({ icon: Icon, title, text }) => (
        <li key={title} className={block}>
          <Icon className={`${block}__icon`} size={iconSize} aria-hidden />
          <span className={`${block}__title`}>{title}</span>
          <span className={`${block}__text`}>{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** A section with its heading; the heading's id labels it. */
export function HeadedSection({
  id,
  tinted,
  titleId,
  children,
  ...heading
}: {
  id?: string;
  tinted?: boolean;
  titleId: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Section id={id} tinted={tinted} labelledBy={titleId}>
      <SectionHeading id={titleId} {...heading} />
      {children}
    </Section>
  );
}

/** 'How It Works' (`#process`); left out without steps. */
export function StepsSection({ steps, eyebrow, tinted }: { steps: readonly { title: string; description: string }[]; eyebrow: string; tinted?: boolean }) {
  if (steps.length === 0) return null;
  return (
    <HeadedSection id="process" tinted={tinted} titleId="lp-process-title" eyebrow={eyebrow} title="How It Works">
      <StepList steps={steps} />
    </HeadedSection>
  );
}

/** 'What Our Patients Say' (`#reviews`, the preview's `#testimonials`); left out without reviews. */
export function ReviewsSection({
  reviews,
  id = 'reviews',
  eyebrow = 'Patient stories',
  tinted,
}: {
  reviews: Template['testimonials'];
  id?: string;
  eyebrow?: string;
  tinted?: boolean;
}) {
  if (reviews.length === 0) return null;
  return (
    <HeadedSection id={id} tinted={tinted} titleId="lp-reviews-title" eyebrow={eyebrow} title="What Our Patients Say">
      <ReviewCards testimonials={reviews} />
    </HeadedSection>
  );
}

/** The benefits (`#benefits`) with their descriptions; left out without any. */
export function BenefitsSection({ benefits, eyebrow, title, tinted }: { benefits: Template['benefits']; eyebrow: string; title: string; tinted?: boolean }) {
  if (benefits.length === 0) return null;
  return (
    <HeadedSection id="benefits" tinted={tinted} titleId="lp-benefits-title" eyebrow={eyebrow} title={title}>
      <BenefitList benefits={benefits} />
    </HeadedSection>
  );
}

/** 'Frequently Asked Questions' (`#faqs`); left out without questions. */
export function FaqSection({ faqs, tinted }: { faqs: Template['faqs']; tinted?: boolean }) {
  if (faqs.length === 0) return null;
  return (
    <HeadedSection id="faqs" tinted={tinted} titleId="lp-faqs-title" eyebrow="Questions" title="Frequently Asked Questions">
      <FaqList faqs={faqs} />
    </HeadedSection>
  );
}

/**
 * A style's body sections as the clinic laid them out (docs/page-editor.md#sections): hidden ones
 * left out, moved ones in its order. The editor's page keeps every section, each in a box the
 * editor hides and moves (`display: contents`, so the page's layout is the same).
 */
export function ArrangedSections({ sections }: { sections: readonly (readonly [PageSectionKey, ReactNode])[] }) {
  const layout = useLanding().content.service.sections;
  const editing = useEditing();
  const keyed = sections.map(([key, node]) => [key, [key, node]] as const);
  if (!editing) return <>{arrangeSections(keyed, layout).map(([key, node]) => <Fragment key={key}>{node}</Fragment>)}</>;
  const hidden = new Set(layout?.hidden ?? []);
  return (
    <>
      {arrangeSections(keyed, layout && { order: layout.order, hidden: [] }).map(([key, node]) => (
        <div key={key} data-edit-section={key} style={{ display: hidden.has(key) ? 'none' : 'contents' }}>
          {node}
        </div>
      ))}
    </>
  );
}
