import type { BeforeAfterStory } from '@hap/contracts';
import { ArrowRight, ArrowDown, CalendarClock, CheckCircle2, HeartHandshake, Sparkles, Stethoscope } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { UploadedImage } from '../components/UploadedImage';
import { symptomIconOf } from '../components/symptom-icons';
import { UNIFIED_STATS } from './unified-rules';
import { SectionHeader } from '../components/Section';
import { CardText, UnifiedSection, useTemplateList } from './SectionHeader';

/**
 * #about: the patients' before/after stories (with their pictures when
 * there are any, else a designed text card); with no stories, what the
 * clinic offers with this service.
 */
export function AboutSection() {
  const { client, landing } = usePageState();
  if (!landing) return null;
  const { service, template } = landing.content;
  const stories = template.beforeAfterImages;
  return (
    <section id="about" className="section u-section" aria-labelledby="u-about-title">
      <div className="container">
        {stories.length > 0 ? (
          <>
            <SectionHeader id="u-about-title" eyebrow="Real results" title="Patient Journeys">
              What changed for patients like you, and how long it took.*
            </SectionHeader>
            <ul className="u-stories">
              {stories.map((story, i) => (
                <StoryCard key={`${story.title}-${i}`} story={story} />
              ))}
            </ul>
          </>
        ) : (
          <>
            <SectionHeader id="u-about-title" eyebrow={`About ${client.name}`} title={service.name}>
              {template.description}
            </SectionHeader>
            <ul className="u-promises">
              <li><Stethoscope size={22} aria-hidden /> Licensed, experienced clinicians</li>
              <li><HeartHandshake size={22} aria-hidden /> A plan built around you</li>
              <li><CalendarClock size={22} aria-hidden /> Regular follow-up and support</li>
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

function StoryCard({ story }: { story: BeforeAfterStory }) {
  const hasImages = Boolean(story.beforeImage || story.afterImage);
  return (
    <li className="u-story">
      {hasImages && (
        <div className="u-story__images">
          <StoryImage path={story.beforeImage} label="Before" title={story.title} />
          <StoryImage path={story.afterImage} label="After" title={story.title} />
        </div>
      )}
      <div className="u-story__body">
        <div className="u-story__head">
          <h3 className="u-story__title">{story.title || 'Patient story'}</h3>
          {story.timeframe && (
            <span className="u-chip">
              <CalendarClock size={14} aria-hidden />
              {story.timeframe}
            </span>
          )}
        </div>
        <div className="u-story__compare">
          <div className="u-story__phase u-story__phase--before">
            <span className="u-story__label">Before</span>
            <p>{story.beforeDescription || 'Looking for a change.'}</p>
          </div>
          <span className="u-story__arrow" aria-hidden>
            <ArrowRight size={20} className="u-only-wide" />
            <ArrowDown size={20} className="u-only-narrow" />
          </span>
          <div className="u-story__phase u-story__phase--after">
            <span className="u-story__label">
              <Sparkles size={14} aria-hidden />
              After
            </span>
            <p>{story.afterDescription || 'Feeling the difference.'}</p>
          </div>
        </div>
      </div>
    </li>
  );
}

function StoryImage({ path, label, title }: { path: string | null; label: string; title: string }) {
  return (
    <figure className="u-story__figure">
      <UploadedImage
        path={path}
        alt={`${title}: ${label.toLowerCase()}`}
        className="u-story__img"
        slotWidth={320}
        sizes="(min-width: 960px) 260px, 50vw"
        width={400}
        height={400}
        fallback={
          <span className="u-story__placeholder" aria-hidden>
            <Sparkles size={28} />
          </span>
        }
      />
      <figcaption className="u-story__tag">{label}</figcaption>
    </figure>
  );
}

/** #symptoms: the template's symptoms with their lucide icons (HelpCircle by default). */
export function SymptomsSection() {
  const symptoms = useTemplateList('symptoms');
  if (symptoms.length === 0) return null;
  return (
    <UnifiedSection
      id="symptoms"
      tinted
      titleId="u-symptoms-title"
      eyebrow="Sound familiar?"
      title="Common Signs It’s Time to Get Checked"
      intro="If you recognize yourself in any of these, a short consultation can tell you what is going on."
    >
      <ul className="u-grid u-grid--3">
        {symptoms.map((symptom) => {
          const Icon = symptomIconOf(symptom.icon);
          return (
            <li key={symptom.title} className="u-card u-symptom">
              <span className="u-icon-badge" aria-hidden>
                <Icon size={22} />
              </span>
              <CardText title={symptom.title} text={symptom.description} />
            </li>
          );
        })}
      </ul>
      <p className="section__more">
        <a className="btn btn--brand btn--lg" href="#contact">
          Talk to a Specialist
          <ArrowRight size={18} aria-hidden />
        </a>
      </p>
    </UnifiedSection>
  );
}

/** The fixed trust figures (docs/public-site.md#pages-and-routes, docs/public-site.md#fixed-figures). */
export function StatsBand() {
  return (
    <section className="u-stats" aria-label="Why patients trust us">
      <ul className="container u-stats__list">
        {UNIFIED_STATS.map((stat) => (
          <li key={stat.label} className="u-stat">
            <span className="u-stat__value">{stat.value}</span>
            <span className="u-stat__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** #benefits: every benefit of the template. */
export function BenefitsSection() {
  const benefits = useTemplateList('benefits');
  if (benefits.length === 0) return null;
  return (
    <UnifiedSection
      id="benefits"
      titleId="u-benefits-title"
      eyebrow="What you can expect"
      title="Benefits of Treatment"
      intro="Every plan is personal; these are the changes patients most often tell us about.*"
    >
      <ul className="u-grid u-grid--3">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="u-card u-benefit">
            <CheckCircle2 size={24} className="u-benefit__icon" aria-hidden />
            <CardText title={benefit.title} text={benefit.description} />
          </li>
        ))}
      </ul>
    </UnifiedSection>
  );
}

/** #process: the steps, numbered. */
export function ProcessSection() {
  const steps = useTemplateList('process');
  if (steps.length === 0) return null;
  return (
    <UnifiedSection id="process" tinted titleId="u-process-title" eyebrow="Simple and guided" title="How It Works">
      <ol className="u-steps">
        {steps.map((step, i) => (
          <li key={step.title} className="u-step">
            <span className="u-step__number" aria-hidden>
              {i + 1}
            </span>
            <h3 className="u-card__title">{step.title}</h3>
            {step.description && <p className="u-card__text">{step.description}</p>}
          </li>
        ))}
      </ol>
    </UnifiedSection>
  );
}
