import type { ReactNode } from 'react';

/** A home page's call-to-action band (variant C, the client landing page's close): title and text, its actions beside. */
export function CallToActionBand({ id, titleId, title, text, children }: { id?: string; titleId: string; title: string; text: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="cta-band" aria-labelledby={titleId}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={titleId} className="cta-band__title">
            {title}
          </h2>
          <p className="cta-band__text">{text}</p>
        </div>
        <div className="cta-band__actions">{children}</div>
      </div>
    </section>
  );
}
