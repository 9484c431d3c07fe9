import { ArrowRight } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { ContactList } from './ContactList';
import { CallAction } from './CallAction';
import { UploadedImage } from '../components/UploadedImage';

/** The hero's image column: the full width of a phone, about half of a desktop. */
const HERO_IMAGE_SIZES = '(min-width: 1152px) 520px, (min-width: 960px) 45vw, calc(100vw - 2.5rem)';

export function Hero() {
  const { client } = usePageState();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Wellness &amp; medical care</p>
          <h1 id="hero-title" className="hero__title">
            {client.name}
          </h1>
          <p className="hero__lead">
            Personalized treatment plans from caring, experienced providers, designed around your goals and
            your schedule.
          </p>
          <div className="hero__actions">
            <CallAction className="btn btn--light btn--lg" />
            <a className="btn btn--outline-light btn--lg" href="#services">
              Our Services
              <ArrowRight size={18} aria-hidden />
            </a>
          </div>
        </div>
        {/* The office photo is the page's largest paint: fetched first, its box reserved. */}
        <UploadedImage
          className="hero__image"
          path={client.officeImagePath}
          alt={`Inside ${client.name}`}
          slotWidth={640}
          sizes={HERO_IMAGE_SIZES}
          width={640}
          height={480}
          priority
          fallback={<VisitCard />}
        />
      </div>
    </section>
  );
}

/** Where and how to reach the clinic; takes the image's place when there is no office photo. */
function VisitCard() {
  const { client } = usePageState();
  if (!client.address && !client.phone && !client.email) return null;
  return (
    <aside className="visit-card" aria-label="Visit us">
      <h2 className="visit-card__title">Visit us</h2>
      <ContactList className="visit-card__list" />
      <p className="visit-card__note">Questions about a treatment? Our team is happy to help.</p>
    </aside>
  );
}
