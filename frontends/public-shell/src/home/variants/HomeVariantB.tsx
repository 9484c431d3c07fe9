import { VARIANT_B_MAX_SERVICES } from '../home-variant';
import { HomeSections } from '../HomeSections';
import { ContactBlock } from './ContactBlock';
import { Testimonials } from './Testimonials';

/** docs/public-site.md#pages-and-routes reading A, variant B: at most 6 services, testimonials and a contact block with a map. */
export function HomeVariantB() {
  return (
    <HomeSections servicesLimit={VARIANT_B_MAX_SERVICES}>
      <Testimonials />
      <ContactBlock />
    </HomeSections>
  );
}
