import type { GeneratedTemplateContent } from '@hap/contracts';

/** Content a careful model would write: within every rule of the editor. */
export function validContent(overrides: Partial<GeneratedTemplateContent> = {}): GeneratedTemplateContent {
  return {
    headline: 'Restore Fuller, Thicker Hair With Your Own Platelets',
    description:
      'PRP hair restoration uses a concentrate of your own platelets to wake up thinning follicles. Treatments take under an hour, with no surgery and little downtime.',
    metaDescription: 'PRP hair restoration for thinning hair: a natural, non-surgical treatment using your own platelets. Book a free consultation today.',
    offer: 'Free Hair Consultation',
    symptoms: ['Thinning at the crown', 'Receding hairline', 'More hair in the brush', 'Widening part', 'Slow regrowth', 'Brittle strands'].map((title, i) => ({
      title,
      description: `A common early sign of hair loss that PRP can help with (${i + 1}).`,
      icon: 'HelpCircle' as const,
    })),
    benefits: ['Natural results', 'No surgery', 'Little downtime', 'Your own platelets', 'Quick sessions', 'Works with other care'].map((title) => ({
      title,
      description: `${title}: one of the reasons patients choose PRP for thinning hair.`,
    })),
    process: [
      { title: 'Consultation', description: 'We look at your scalp and history and plan your sessions.' },
      { title: 'Treatment', description: 'A small blood draw, then the platelet concentrate is applied.' },
      { title: 'Follow-up', description: 'We check your progress and adjust the plan as needed.' },
    ],
    faqs: Array.from({ length: 5 }, (_, i) => ({ question: `How does PRP hair restoration work, part ${i + 1}?`, answer: 'It uses growth factors from your own blood to support the follicles.' })),
    testimonials: Array.from({ length: 3 }, (_, i) => ({ text: 'My hair feels thicker and I finally stopped worrying about my part.', name: `Jamie ${'ABC'[i]}.`, rating: 5 })),
    ...overrides,
  };
}
