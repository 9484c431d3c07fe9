import { AboutSection } from './AboutSection';
import { Hero } from './Hero';
import { ServicesSection } from './ServicesSection';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

/** public spec §2 client home page, reading A (template home), variant A (DESIGN §9.2). */
export function HomePage() {
  return (
    <div className="site">
      <TopBar />
      <main>
        <Hero />
        <ServicesSection />
        <AboutSection />
      </main>
      <SiteFooter />
    </div>
  );
}
