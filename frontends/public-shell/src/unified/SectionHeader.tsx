import type { ReactNode } from 'react';

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
