import { CheckCircle2, Gift, Phone } from 'lucide-react';
import type { Ref } from 'react';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import { Countdown } from './Countdown';
import { HeroForm } from './HeroForm';
import { UploadedImage } from '../components/UploadedImage';
import { firstItems } from './unified-rules';
import { headlineOf } from '../landing/landing-rules';

/**
 * The hero (docs/public-site.md#pages-and-routes): offer badge, headline, description, at most 3
 * benefits and 3 process steps, and the form card (#contact) with the
 * countdown. The service's hero background, when set, lies under the brand
 * gradient, dimmed so the hero's ink keeps its contrast.
 */
export function UnifiedHero({ heroRef }: { heroRef: Ref<HTMLElement> }) {
  const { client, landing, keyword } = usePageState();
  if (!landing) return null;
  const { service, template } = landing.content;
  const offer = service.offer || template.offer;
  const benefits = firstItems(template.benefits);
  const steps = firstItems(template.process);
  const background = service.heroBackgroundPath || template.heroImage;

  return (
    <section ref={heroRef} className="hero u-hero" aria-labelledby="u-hero-title" data-testid="unified-hero">
      <UploadedImage
        path={background}
        alt=""
        className="u-hero__bg"
        slotWidth={1280}
        sizes="100vw"
        width={1600}
        height={900}
        priority
        fallback={null}
      />
      <div className="container u-hero__inner">
        <div className="u-hero__copy">
          <p className="u-badge">
            <Gift size={16} aria-hidden />
            {offer}
          </p>
          <h1 id="u-hero-title" className="u-hero__title">
            {headlineOf(landing.content, keyword)}
          </h1>
          <p className="u-hero__lead">{template.description}</p>
          {benefits.length > 0 && (
            <ul className="u-hero__benefits" aria-label="Benefits">
              {benefits.map((b) => (
                <li key={b.title}>
                  <CheckCircle2 size={20} aria-hidden />
                  <span>{b.title}</span>
                </li>
              ))}
            </ul>
          )}
          {steps.length > 0 && (
            <ol className="u-hero__steps" aria-label="How it works">
              {steps.map((s, i) => (
                <li key={s.title}>
                  <span className="u-hero__step-number" aria-hidden>
                    {i + 1}
                  </span>
                  <span>{s.title}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div id="contact" className="u-offer-card" aria-labelledby="u-offer-title">
          <p className="u-offer-card__eyebrow">Limited-time offer</p>
          <h2 id="u-offer-title" className="u-offer-card__title">
            {offer}
          </h2>
          {service.offerDescription && <p className="u-offer-card__text">{service.offerDescription}</p>}
          <Countdown tone="light" />
          <HeroForm submitLabel="Book Now" />
          {client.phone && (
            <p className="u-offer-card__call">
              Prefer to talk?{' '}
              <a href={telHref(client.phone)}>
                <Phone size={16} aria-hidden />
                {client.phone}
              </a>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
