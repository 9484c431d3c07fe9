import type { WrittenCampaign } from '@hap/contracts';

/** Campaigns as a model writes them for TRT: within every limit of the structure check. */
export function writtenCampaign(name = 'TRT - Low Energy'): WrittenCampaign {
  return {
    name,
    description: 'Reaches men searching for help with low energy and low testosterone.',
    keywordTheme: 'low testosterone treatment',
    targetAudience: 'Men 30 to 65 with symptoms of low testosterone',
    adGroups: [
      {
        name: 'Low Testosterone',
        keywordType: 'PHRASE',
        keywords: ['low testosterone treatment', 'testosterone therapy', 'trt clinic', 'low t doctor', 'testosterone replacement'],
        ads: [
          {
            headlines: ['Low T? Get Your Levels Tested', 'Testosterone Therapy Options', 'Book a Consultation Today', 'Licensed Medical Providers', 'Personalized Treatment Plans'],
            descriptions: ['Lab testing and a treatment plan made for you by licensed providers.', 'Same-week consultations. Ask about our free first visit.'],
          },
        ],
      },
      {
        name: 'Energy and Fatigue',
        keywordType: 'EXACT',
        keywords: ['always tired men', 'low energy men', 'male fatigue treatment', 'low libido men', 'hormone clinic for men'],
        ads: [
          {
            headlines: ['Always Tired? Check Hormones', 'Men’s Hormone Health Clinic', 'Free Consultation Available'],
            descriptions: ['Fatigue can have many causes. Our providers start with your labs.', 'Private, respectful care for men. Book online in minutes.'],
          },
        ],
      },
    ],
    sitelinks: [
      { linkText: 'Book a Consultation', description1: 'Same-week appointments', description2: 'No referral needed' },
      { linkText: 'How TRT Works', description1: 'Labs, plan and follow-up', description2: 'Care from licensed providers' },
    ],
    callouts: ['Free Consultation', 'Licensed Providers', 'Same-Week Visits'],
  };
}

export const writtenCampaigns = (): { campaigns: WrittenCampaign[] } => ({ campaigns: [writtenCampaign(), writtenCampaign('TRT - Free Consultation')] });
