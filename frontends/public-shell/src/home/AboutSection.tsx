import { CalendarCheck, HeartPulse, ShieldCheck } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { PromiseList, type PromiseItem } from './PromiseList';

const PROMISES: readonly PromiseItem[] = [
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
        <PromiseList items={PROMISES} className="promise-list" />
      </div>
    </section>
  );
}
