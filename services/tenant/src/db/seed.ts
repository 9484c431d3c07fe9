import 'reflect-metadata';
import type { DataSource, EntityManager } from 'typeorm';
import { requiredEmail, type User } from '@hap/contracts';
import { moveSequencePastIds, runSeed, seedOnce } from '@hap/service-kit';
import { configShape, loadServiceConfig } from '../config';
import { generatePassword } from '../modules/user/password';
import { UserRepository } from '../modules/user/user.repository';
import { UserService } from '../modules/user/user.service';
import { createDataSource } from './data-source';
import { SEED_CLIENTS, SEED_DOMAIN_MAPPINGS, SEED_STAFF } from './seed-data';
import { DEMO_IMAGES_SEED, seedDemoImages } from './seed-images';
import { seedTemplateArt } from './seed-template-art';

export const DEFAULT_ADMIN_EMAIL = 'admin@healthads.local';

export interface SeedOptions {
  adminEmail: string;
  /** Given: the admin is created or its password reset to this. Absent: see seed(). */
  adminPassword?: string;
  /**
   * Where the demo imagery is stored: the tenant's UPLOAD_DIR (absent: read
   * from the environment like the service does; relative: from the working
   * directory); null draws none.
   */
  uploadDir?: string | null;
}

export interface SeedResult {
  adminEmail: string;
  /** Set only when this run created the admin with a generated password (print it once). */
  generatedPassword: string | null;
  adminCreated: boolean;
  /** This run wrote the demo clinics (false: an earlier run did; they are not written again). */
  demoDataSeeded: boolean;
  /** Image files (originals and WebP variants) this run wrote for the demo clinics and staff. */
  demoImagesWritten: number;
  /** Image files this run wrote for the demo templates' heroes and before/after stories (only missing ones are drawn). */
  templateArtWritten: number;
}

/** pg advisory lock key: concurrent seed runs take turns. */
const SEED_LOCK_KEY = 73_120_001;

/**
 * The `seed_history` entry of the demo data set. Written once per database;
 * a new version of the demo data (new clinics) gets a new name.
 */
export const DEMO_CLINICS_SEED = 'demo-clinics-v1';

const AdminEmailSchema = requiredEmail('ADMIN_EMAIL must be a valid e-mail address');

async function seedClients(manager: EntityManager): Promise<void> {
  for (const c of SEED_CLIENTS) {
    await manager.query(
      `INSERT INTO "tenant"."clients"
         ("id", "name", "address", "phone", "email", "website", "domain", "brand_color", "brand_bg_color", "booking_link")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT ("id") DO NOTHING`,
      [c.id, c.name, c.address, c.phone, c.email, c.website, c.domain, c.brandColor, c.brandBgColor, c.bookingLink],
    );
  }
  await moveSequencePastIds(manager, 'tenant', 'clients');
}

async function seedDomainMappings(manager: EntityManager): Promise<void> {
  for (const m of SEED_DOMAIN_MAPPINGS) {
    await manager.query(
      `INSERT INTO "tenant"."domain_mappings" ("domain", "path", "client_id")
       SELECT $1, '/', $2 WHERE EXISTS (SELECT 1 FROM "tenant"."clients" WHERE "id" = $2)
       ON CONFLICT ("domain", "path") DO NOTHING`,
      [m.domain, m.clientId],
    );
  }
}

/** Staff are keyed by (client, name): a member an admin renamed or added is left alone. */
async function seedStaff(manager: EntityManager): Promise<void> {
  for (const s of SEED_STAFF) {
    await manager.query(
      `INSERT INTO "tenant"."staff_members" ("client_id", "name", "title", "bio", "display_order")
       SELECT $1, $2::text, $3, $4, $5
       WHERE EXISTS (SELECT 1 FROM "tenant"."clients" WHERE "id" = $1)
         AND NOT EXISTS (SELECT 1 FROM "tenant"."staff_members" WHERE "client_id" = $1 AND "name" = $2::text)`,
      [s.clientId, s.name, s.title, s.bio, s.displayOrder],
    );
  }
}

/**
 * The demo imagery, drawn once per database (its own `seed_history` entry,
 * so a database seeded before it existed gets it too) for the demo clinics
 * and staff that are there and still have no image.
 */
async function seedImagesOnce(dataSource: DataSource, uploadDir: string): Promise<number> {
  const written = await seedOnce(dataSource, { schema: 'tenant', name: DEMO_IMAGES_SEED, lockKey: SEED_LOCK_KEY }, (manager) =>
    seedDemoImages(manager, uploadDir),
  );
  return written ?? 0;
}

const userService = (dataSource: DataSource) => new UserService(dataSource, new UserRepository(dataSource));

/**
 * Creates the admin account, or resets an existing account's password and
 * makes it an admin.
 */
export async function seedAdmin(
  dataSource: DataSource,
  account: { email: string; password: string; name?: string },
): Promise<User> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  return (await userService(dataSource).upsertAdmin(account)).user;
}

type AdminResult = Omit<SeedResult, 'demoDataSeeded' | 'demoImagesWritten' | 'templateArtWritten'>;

async function seedDefaultAdmin(dataSource: DataSource, adminEmail: string, adminPassword?: string): Promise<AdminResult> {
  const users = userService(dataSource);
  if (adminPassword) {
    const { created } = await users.upsertAdmin({ email: adminEmail, password: adminPassword });
    return { adminEmail, generatedPassword: null, adminCreated: created };
  }
  if (await users.findByEmail(adminEmail)) return { adminEmail, generatedPassword: null, adminCreated: false };
  const password = generatePassword();
  const created = await users.createAdminIfMissing({ email: adminEmail, password });
  return { adminEmail, generatedPassword: created ? password : null, adminCreated: created !== null };
}

/**
 * The demo data: clients 1–11, the host table and staff for clients 1–3,
 * written once per database (recorded in `seed_history` in the same
 * transaction), so clinics an admin deleted stay deleted and admins' edits
 * survive a restart. Rows that already exist (by id or natural key) are left
 * as they are. The admin is ensured on every run: created when missing (with
 * a generated password, returned once in `generatedPassword`, unless
 * `adminPassword` is given) and its password reset when `adminPassword` is given.
 */
export async function seed(dataSource: DataSource, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = AdminEmailSchema.parse(options.adminEmail).toLowerCase();
  if (!dataSource.isInitialized) await dataSource.initialize();
  const demoDataSeeded =
    (await seedOnce(dataSource, { schema: 'tenant', name: DEMO_CLINICS_SEED, lockKey: SEED_LOCK_KEY }, async (manager) => {
      await seedClients(manager);
      await seedDomainMappings(manager);
      await seedStaff(manager);
      return true;
    })) ?? false;
  // Resolved like the service's own UPLOAD_DIR (relative paths, the default), so both name one directory.
  const uploadDir = options.uploadDir === null ? null : configShape.UPLOAD_DIR.parse(options.uploadDir ?? process.env.UPLOAD_DIR);
  const demoImagesWritten = uploadDir === null ? 0 : await seedImagesOnce(dataSource, uploadDir);
  // Files, not rows: drawn whenever missing from this upload directory (the templates seed points at them).
  const templateArtWritten = uploadDir === null ? 0 : await seedTemplateArt(uploadDir);
  const admin = await seedDefaultAdmin(dataSource, adminEmail, options.adminPassword || undefined);
  return { ...admin, demoDataSeeded, demoImagesWritten, templateArtWritten };
}

if (require.main === module) {
  const config = loadServiceConfig();
  const adminPassword = process.env.ADMIN_PASSWORD || undefined;
  const options = { adminEmail: process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL, adminPassword, uploadDir: config.UPLOAD_DIR };
  void runSeed(createDataSource(config.DATABASE_URL), (dataSource) => seed(dataSource, options), (result) => {
    const admin = result.generatedPassword
      ? `created admin ${result.adminEmail} with password ${result.generatedPassword} (shown once)`
      : `admin ${result.adminEmail} ${result.adminCreated ? 'created' : adminPassword ? 'password set from ADMIN_PASSWORD' : 'kept as it was'}`;
    const images = result.demoImagesWritten ? `; ${result.demoImagesWritten} demo image files written to ${config.UPLOAD_DIR}` : '';
    const art = result.templateArtWritten ? `; ${result.templateArtWritten} template art files written` : '';
    return `tenant: ${result.demoDataSeeded ? 'demo data seeded' : 'demo data already seeded once, left as it is'}${images}${art}; ${admin}`;
  });
}
