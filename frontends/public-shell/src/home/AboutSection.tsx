import { CalendarCheck, HeartPulse, ShieldCheck, type LucideIcon } from 'lucide-react';
import { usePageState } from '../state/page-context';

const PROMISES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: HeartPulse, title: 'Personalized care', text: 'A plan built around your health history and your goals.' },
  { icon: ShieldCheck, title: 'Experienced providers', text: 'Licensed professionals who take the time to listen.' },
  { icon: CalendarCheck, title: 'Convenient visits', text: 'Appointments that fit around work and family.' },
];

export function AboutSection() {
  const { client } = usePageState();
  return (
    <section id="about" className="section section--tinted" aria-labelledby="about-title">
      <div className="container about">
        <div className="about__copy">
          <h2 id="about-title" className="section__title">
            About {client.name}
          </h2>
          <p className="about__text">
            At {client.name}, we help you look and feel your best with care that is modern, evidence-based and
            personal. From your first consultation, our team takes the time to understand what matters to you
            and guides you through every step of your treatment.
          </p>
        </div>
        <ul className="promise-list">
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="promise">
              <span className="promise__icon" aria-hidden>
                <Icon size={22} />
              </span>
              <div>
                <h3 className="promise__title">{title}</h3>
                <p className="promise__text">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
