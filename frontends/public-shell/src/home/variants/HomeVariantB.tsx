import { AboutSection } from '../AboutSection';
import { Hero } from '../Hero';
import { VARIANT_B_MAX_SERVICES } from '../home-variant';
import { ServicesSection } from '../ServicesSection';
import { SiteFooter } from '../../components/SiteFooter';
import { TeamSection } from '../TeamSection';
import { TopBar } from '../TopBar';
import { ContactBlock } from './ContactBlock';
import { Testimonials } from './Testimonials';

/** docs/public-site.md#pages-and-routes reading A, variant B: at most 6 services, testimonials and a contact block with a map. */
export function HomeVariantB() {
  return (
    <div className="site">
      <TopBar />
      <main>
        <Hero />
        <ServicesSection limit={VARIANT_B_MAX_SERVICES} />
        <AboutSection />
        <TeamSection />
        <Testimonials />
        <ContactBlock />
      </main>
      <SiteFooter id="contact" contactUs />
    </div>
  );
}
