import type { ReactNode } from 'react';
import { TopBar } from '../home/TopBar';
import { SiteFooter } from './SiteFooter';

/** A clinic home page of either reading (docs/public-site.md#home-pages): sticky top bar, its sections, the footer as #contact. */
export function SitePage({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <TopBar />
      <main>{children}</main>
      <SiteFooter id="contact" contactUs />
    </div>
  );
}
