import { AboutSection } from '../AboutSection';
import { Hero } from '../Hero';
import { ServicesSection } from '../ServicesSection';
import { SiteFooter } from '../../components/SiteFooter';
import { TeamSection } from '../TeamSection';
import { TopBar } from '../TopBar';
import { CtaBand } from './CtaBand';

/** docs/public-site.md#pages-and-routes reading A, variant C: variant A with a call-to-action band. */
export function HomeVariantC() {
  return (
    <div className="site">
      <TopBar />
      <main>
        <Hero />
        <ServicesSection />
        <AboutSection />
        <TeamSection />
        <CtaBand />
      </main>
      <SiteFooter id="contact" contactUs />
    </div>
  );
}
