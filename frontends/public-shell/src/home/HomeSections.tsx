import type { ReactNode } from 'react';
import { SitePage } from '../components/SitePage';
import { AboutSection } from './AboutSection';
import { Hero } from './Hero';
import { ServicesSection } from './ServicesSection';
import { TeamSection } from './TeamSection';

/**
 * The home page's sections, the same in every variant (docs/public-site.md#home-pages): hero,
 * 'Our Services' (at most `servicesLimit`), about, the team when there is one; then the
 * variant's own sections.
 */
export function HomeSections({ servicesLimit, children }: { servicesLimit?: number; children?: ReactNode }) {
  return (
    <SitePage>
      <Hero />
      <ServicesSection limit={servicesLimit} />
      <AboutSection />
      <TeamSection />
      {children}
    </SitePage>
  );
}
