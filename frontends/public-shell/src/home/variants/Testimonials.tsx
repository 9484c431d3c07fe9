import { Quote, Star } from 'lucide-react';
import { Section } from '../../components/Section';
import { DEFAULT_HOME_TESTIMONIALS, MAX_RATING, starsOf } from './variant-content';

/** Variant B's testimonials: the three defaults, each with its author and star rating. */
export function Testimonials() {
  return (
    <Section id="testimonials" className="section section--tinted" titleId="testimonials-title" title="What Our Patients Say">
      <ul className="testimonial-grid">
        {DEFAULT_HOME_TESTIMONIALS.map((t) => {
          const stars = starsOf(t.rating);
          return (
            <li key={t.author} className="testimonial">
              <Quote className="testimonial__quote" size={28} aria-hidden />
              <p className="stars" role="img" aria-label={`Rated ${stars} out of ${MAX_RATING}`}>
                {Array.from({ length: MAX_RATING }, (_, i) => (
                  <Star key={i} size={18} aria-hidden className={i < stars ? 'star star--on' : 'star'} />
                ))}
              </p>
              <blockquote className="testimonial__text">{t.text}</blockquote>
              <p className="testimonial__author">{t.author}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
