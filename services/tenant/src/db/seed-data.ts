import { join } from 'node:path';
import { BUILT_IN_BRAND_COLOURS } from '@hap/contracts';
import { readSeedFile } from '@hap/service-kit';
import { z } from 'zod';

/**
 * The demo clinics the product ships with, their domains and teams: data in
 * services/tenant/seed/clinics.json. Ids 1–11 are fixed: the public spec's host
 * table (docs/public-site.md#choosing-the-clinic) and built-in brand colours (docs/public-site.md#what-a-page-shows) refer to them; a clinic without
 * its own colours in the file takes its built-in ones.
 */
export interface SeedClient {
  id: number;
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string | null;
  domain: string | null;
  brandColor: string;
  brandBgColor: string;
  bookingLink: string | null;
}

export interface SeedStaffMember {
  clientId: number;
  name: string;
  title: string;
  bio: string;
  displayOrder: number;
}

const colour = z.string().regex(/^#[0-9a-f]{6}$/i);

const ClinicsFile = z.object({
  clients: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
      website: z.string().nullable(),
      domain: z.string().nullable(),
      brandColor: colour.optional(),
      brandBgColor: colour.optional(),
      bookingLink: z.string().nullable(),
    }),
  ),
  /** The public spec's production host table (docs/public-site.md#choosing-the-clinic), as domain_mappings rows. */
  domainMappings: z.array(z.object({ domain: z.string().min(1), clientId: z.number().int().positive() })),
  /** Teams for the clients with home templates (1–3). */
  staff: z.array(
    z.object({ clientId: z.number().int().positive(), name: z.string().min(1), title: z.string(), bio: z.string(), displayOrder: z.number().int() }),
  ),
});

// From src/db (tests) and dist/db (the built service) alike.
const clinics = readSeedFile(join(__dirname, '../../seed/clinics.json'), ClinicsFile);

export const SEED_CLIENTS: readonly SeedClient[] = clinics.clients.map(({ brandColor, brandBgColor, ...client }) => {
  const builtIn = BUILT_IN_BRAND_COLOURS[client.id];
  if (brandColor && brandBgColor) return { ...client, brandColor, brandBgColor };
  if (!builtIn) throw new Error(`seed data: clinic ${client.id} has no colours and no built-in ones`);
  return { ...client, ...builtIn };
});

export const SEED_DOMAIN_MAPPINGS: ReadonlyArray<{ domain: string; clientId: number }> = clinics.domainMappings;

export const SEED_STAFF: readonly SeedStaffMember[] = clinics.staff;
