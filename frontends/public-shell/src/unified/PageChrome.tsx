import { ArrowRight, CalendarCheck, Phone } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { ClinicHomeLink } from '../home/ClinicBrand';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import { pastHero } from './unified-rules';

export interface PageLink {
  href: string;
  label: string;
}

/** Sticky top bar (docs/public-site.md#pages-and-routes, non-home pages): brand, links to the sections present, 'Get Started'. */
export function UnifiedTopBar({ links }: { links: readonly PageLink[] }) {
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <ClinicHomeLink className="topbar__brand" />
        <nav className="u-nav" aria-label="On this page">
          {links.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
        </nav>
        <a className="btn btn--brand" href="#contact">
          Get Started
          <ArrowRight size={18} aria-hidden />
        </a>
      </div>
    </header>
  );
}

/**
 * The sticky mobile bar (docs/public-site.md#pages-and-routes, docs/public-site.md#fixed-figures): Book Now and Call Now, once the
 * visitor has scrolled past 80 % of the hero. Fixed-position and always in
 * the page (no layout shift), hidden and inert until then; CSS shows it on
 * narrow screens only. One passive scroll listener, read once per frame.
 */
export function MobileBar({ heroRef }: { heroRef: RefObject<HTMLElement | null> }) {
  const { client } = usePageState();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const hero = heroRef.current;
    if (!hero) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = hero.getBoundingClientRect();
      setShown(pastHero(box.top, box.height));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [heroRef]);

  return (
    <div className={shown ? 'u-mobile-bar is-shown' : 'u-mobile-bar'} data-testid="mobile-bar" aria-hidden={!shown} inert={!shown}>
      <a className="btn btn--brand btn--lg" href="#contact">
        <CalendarCheck size={18} aria-hidden />
        Book Now
      </a>
      {client.phone && (
        <a className="btn btn--lg btn--outline-brand" href={telHref(client.phone)}>
          <Phone size={18} aria-hidden />
          Call Now
        </a>
      )}
    </div>
  );
}
