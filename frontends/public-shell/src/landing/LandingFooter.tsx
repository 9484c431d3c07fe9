import { ArrowRight } from 'lucide-react';
import { SiteFooter } from '../components/SiteFooter';
import { PhoneLink, type NavLink } from './parts';

/**
 * Service page footer (docs/public-site.md#pages-and-routes variant A): the site footer with the
 * phone and 'Get Started Now' under the brand, and the page's quick links.
 */
export function LandingFooter({ quickLinks }: { quickLinks: readonly NavLink[] }) {
  return (
    <SiteFooter
      className="lp-footer"
      quickLinks={quickLinks}
      rightsReserved
      actions={
        <>
          <PhoneLink className="lp-footer__phone" />
          <a className="btn btn--light lp-footer__cta" href="#contact">
            Get Started Now
            <ArrowRight size={18} aria-hidden />
          </a>
        </>
      }
    />
  );
}
