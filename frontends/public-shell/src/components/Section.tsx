import type { ReactNode } from 'react';

/** A section's eyebrow, title (the section's label) and optional intro. */
export function SectionHeader({ id, eyebrow, title, children }: { id: string; eyebrow?: string; title: ReactNode; children?: ReactNode }) {
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

/** A content section of a page (`section` and its modifiers) under its header; the header's title labels it. */
export function Section({
  id,
  className = 'section',
  titleId,
  eyebrow,
  title,
  intro,
  containerClass,
  children,
}: {
  id?: string;
  className?: string;
  titleId: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** A class beside `container` on the section's inner box. */
  containerClass?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <div className={containerClass ? `container ${containerClass}` : 'container'}>
        <SectionHeader id={titleId} eyebrow={eyebrow} title={title}>
          {intro}
        </SectionHeader>
        {children}
      </div>
    </section>
  );
}
