import { ChevronDown, Mail, Phone, Quote, Star } from 'lucide-react';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import { MemberPhoto } from '../components/MemberPhoto';
import { UnifiedSection, useTemplateList } from './SectionHeader';
import { starCount, teamHeading, testimonialAuthor } from './unified-rules';

function Stars({ rating }: { rating: number }) {
  const count = starCount(rating);
  return (
    <span className="u-stars" role="img" aria-label={`Rated ${count} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={18} aria-hidden className={n <= count ? 'u-star u-star--on' : 'u-star'} />
      ))}
    </span>
  );
}

/** #testimonials: every testimonial with its stars; a missing name is 'Verified Patient'. */
export function TestimonialsSection() {
  const testimonials = useTemplateList('testimonials');
  if (testimonials.length === 0) return null;
  return (
    <UnifiedSection id="testimonials" titleId="u-testimonials-title" eyebrow="4.9 average rating" title="What Our Patients Say">
        <ul className="u-grid u-grid--fit">
          {testimonials.map((t, i) => (
            <li key={i} className="u-card u-quote">
              <Quote size={28} className="testimonial__quote" aria-hidden />
              <Stars rating={t.rating} />
              <blockquote className="u-quote__text">
                <p>{t.text}</p>
              </blockquote>
              <p className="u-quote__author">{testimonialAuthor(t.name)}</p>
            </li>
          ))}
        </ul>
        <p className="u-fineprint">*Individual results may vary.</p>
    </UnifiedSection>
  );
}

/** #faqs: native disclosure widgets, so they work before (and without) the script. */
export function FaqSection() {
  const faqs = useTemplateList('faqs');
  if (faqs.length === 0) return null;
  return (
    <UnifiedSection id="faqs" tinted titleId="u-faqs-title" eyebrow="Questions" title="Frequently Asked Questions" containerClass="u-faqs">
        <div className="u-faq-list">
          {faqs.map((faq, i) => (
            <details key={i} className="u-faq" open={i === 0}>
              <summary>
                <span>{faq.question}</span>
                <ChevronDown size={20} aria-hidden className="u-faq__chevron" />
              </summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </div>
    </UnifiedSection>
  );
}

/** #team (docs/public-site.md#pages-and-routes team section): the clinic's staff in display order; hidden when none. */
export function TeamSection() {
  const { client, staff } = usePageState();
  if (staff.length === 0) return null;
  return (
    <UnifiedSection
      id="team"
      titleId="u-team-title"
      eyebrow={client.name}
      title={teamHeading(staff.length)}
      intro="The people who will look after you, from your first visit onwards."
    >
      <ul className="u-grid u-grid--3 u-team">
        {staff.map((member) => (
          <li key={member.id} className="u-card u-member">
            <MemberPhoto
              member={member}
              className="u-member__photo"
              initialsClass="u-member__initials"
              initials={initials(member.name)}
              sizes="(min-width: 960px) 320px, (min-width: 640px) 45vw, 90vw"
              size={480}
            />
            <div className="u-member__body">
              <h3 className="u-card__title">{member.name}</h3>
              {member.title && <p className="u-member__title">{member.title}</p>}
              {member.bio && <p className="u-member__bio">{member.bio}</p>}
              <p className="u-member__links">
                <a href="#contact">
                  <Mail size={16} aria-hidden />
                  Contact
                </a>
                {client.phone && (
                  <a href={telHref(client.phone)}>
                    <Phone size={16} aria-hidden />
                    Call
                  </a>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </UnifiedSection>
  );
}

/** "Dr. Elena Marquez" → "EM": the photo's stand-in (titles and credentials left out). */
export function initials(name: string): string {
  const words = name
    .split(',')[0]!
    .split(/\s+/)
    .filter((w) => w && !/^(dr|mr|mrs|ms|prof)\.?$/i.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('') || '•';
}
