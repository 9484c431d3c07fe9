import type { ReactNode } from 'react';
import { usePageState } from '../state/page-context';
import type { PageState } from '../state/page-state';

/** A section's eyebrow, title (the section's label) and optional intro. */
export function SectionHeader({ id, eyebrow, title, children }: { id: string; eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="section__header">
      {eyebrow && <p className="u-eyebrow">{eyebrow}</p>}
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {children && <p className="section__intro">{children}</p>}
    </header>
  );
}

/** A content section of the page (`section u-section`, tinted or not) under its header; the header's title labels it. */
export function UnifiedSection({
  id,
  tinted,
  titleId,
  eyebrow,
  title,
  intro,
  containerClass,
  children,
}: {
  id: string;
  tinted?: boolean;
  titleId: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** A class beside `container` on the section's inner box. */
  containerClass?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={tinted ? 'section section--tinted u-section' : 'section u-section'} aria-labelledby={titleId}>
      <div className={containerClass ? `container ${containerClass}` : 'container'}>
        <SectionHeader id={titleId} eyebrow={eyebrow} title={title}>
          {intro}
        </SectionHeader>
        {children}
      </div>
    </section>
  );
}

/** A card's title and, when there is one, its text. */
export function CardText({ title, text }: { title: string; text?: string | null }) {
  return (
    <div>
      <h3 className="u-card__title">{title}</h3>
      {text && <p className="u-card__text">{text}</p>}
    </div>
  );
}

type Template = NonNullable<PageState['landing']>['content']['template'];

/** One of the page's template lists (symptoms, benefits, steps…); empty without content. */
export function useTemplateList<K extends 'symptoms' | 'benefits' | 'process' | 'testimonials' | 'faqs'>(key: K): Template[K] {
  return usePageState().landing?.content.template[key] ?? ([] as unknown as Template[K]);
}
