/** The demo catalogue (public spec §2 Onboarding): four categories, five subcategories. */
export const SEED_CATEGORIES = [
  { id: 1, slug: 'wellness-clinic', name: 'Wellness Clinic', displayOrder: 1, description: 'Medically supervised programs for energy, weight and everyday health.' },
  { id: 2, slug: 'mens-health', name: "Men's Health", displayOrder: 2, description: 'Confidential care for hormone, sexual and performance concerns.' },
  { id: 3, slug: 'womens-health', name: "Women's Health", displayOrder: 3, description: 'Care for hormone balance and wellbeing at every stage of life.' },
  { id: 4, slug: 'aesthetic', name: 'Aesthetic', displayOrder: 4, description: 'Non-surgical treatments that help you look the way you feel.' },
] as const;

export const SEED_SUBCATEGORIES = [
  { id: 1, categoryId: 1, slug: 'weight-management', name: 'Weight Management', displayOrder: 1, description: 'Physician-guided weight loss and maintenance programs.' },
  { id: 2, categoryId: 4, slug: 'skin-aesthetics', name: 'Skin & Aesthetics', displayOrder: 2, description: 'Skin rejuvenation and facial aesthetics.' },
  { id: 3, categoryId: 2, slug: 'mens-health', name: "Men's Health", displayOrder: 3, description: 'Testosterone, erectile and sexual wellness care for men.' },
  { id: 4, categoryId: 4, slug: 'body-contouring', name: 'Body Contouring', displayOrder: 4, description: 'Non-invasive fat reduction and body shaping.' },
  { id: 5, categoryId: 4, slug: 'hair-restoration', name: 'Hair Restoration', displayOrder: 5, description: 'Options for thinning hair and hair loss.' },
] as const;
