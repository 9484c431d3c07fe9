import { useRef } from 'react';
import { SiteFooter } from '../components/SiteFooter';
import { usePageState } from '../state/page-context';
import type { PageState } from '../state/page-state';
import { MobileBar, UnifiedTopBar, type PageLink } from './PageChrome';
import { AboutSection, BenefitsSection, ProcessSection, StatsBand, SymptomsSection } from './StorySections';
import { FaqSection, TeamSection, TestimonialsSection } from './TrustSections';
import { UnifiedHero } from './UnifiedHero';
import { LocationSection, ReadyCta } from './VisitSections';

/** The sections the top bar and the footer link to: only those the page shows. */
export function pageLinks(state: Pick<PageState, 'landing' | 'staff'>): { nav: PageLink[]; quick: PageLink[] } {
  const template = state.landing?.content.template;
  const has = (list: readonly unknown[] | undefined) => (list?.length ?? 0) > 0;
  const nav: PageLink[] = [
    { href: '#about', label: 'About' },
    ...(has(template?.symptoms) ? [{ href: '#symptoms', label: 'Symptoms' }] : []),
    ...(has(template?.benefits) ? [{ href: '#benefits', label: 'Benefits' }] : []),
    ...(has(template?.process) ? [{ href: '#process', label: 'Process' }] : []),
    ...(has(state.staff) ? [{ href: '#team', label: 'Team' }] : []),
    ...(has(template?.faqs) ? [{ href: '#faqs', label: 'FAQs' }] : []),
    { href: '#location', label: 'Location' },
  ];
  const quick = nav
    .filter((l) => ['#about', '#benefits', '#process', '#faqs'].includes(l.href))
    .map((l) => (l.href === '#faqs' ? { ...l, label: 'Questions' } : l));
  return { nav, quick };
}

/**
 * The page's sections in the spec's order (docs/public-site.md#pages-and-routes), without the
 * stylesheet (UnifiedPage.tsx adds it), so unit tests render it as the server does.
 */
export function UnifiedLayout() {
  const state = usePageState();
  const heroRef = useRef<HTMLElement>(null);
  const { nav, quick } = pageLinks(state);
  return (
    <div className="site u-page">
      <UnifiedTopBar links={nav} />
      <main>
        <UnifiedHero heroRef={heroRef} />
        <AboutSection />
        <SymptomsSection />
        <StatsBand />
        <BenefitsSection />
        <ProcessSection />
        <TestimonialsSection />
        <FaqSection />
        <TeamSection />
        <LocationSection />
        <ReadyCta />
      </main>
      <SiteFooter className="u-footer" contactUs quickLinks={quick} />
      <MobileBar heroRef={heroRef} />
    </div>
  );
}
