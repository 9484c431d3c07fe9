import { join } from 'node:path';
import { readSeedFile } from '@hap/service-kit';
import { z } from 'zod';

const entry = { id: z.number().int().positive(), slug: z.string().min(1), name: z.string().min(1), displayOrder: z.number().int(), description: z.string() };

const CatalogueFile = z.object({
  categories: z.array(z.object(entry)),
  subcategories: z.array(z.object({ ...entry, categoryId: z.number().int().positive() })),
});

/** The demo catalogue (docs/public-site.md#pages-and-routes Onboarding): data in services/templates/seed/catalogue.json. */
const catalogue = readSeedFile(join(__dirname, '../../seed/catalogue.json'), CatalogueFile);

export const SEED_CATEGORIES = catalogue.categories;

export const SEED_SUBCATEGORIES = catalogue.subcategories;
