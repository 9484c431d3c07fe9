import sharp from 'sharp';
import type { EntityManager } from 'typeorm';
import { storeImageBytes } from '../modules/upload/image-store';
import { uploadStorageFor } from '../modules/upload/upload.storage';
import { uploadS3FromEnv } from './seed-storage';
import { logoSvg, type ClinicLook } from './demo-images/logo';
import { officeSvg } from './demo-images/office';
import { lookOf, portraitSvg } from './demo-images/portrait';
import { SEED_CLIENTS, SEED_STAFF } from './seed-data';

/** The `seed_history` entry of the demo imagery: drawn once per database. */
export const DEMO_IMAGES_SEED = 'demo-images-v1';

/** Where the demo art is stored, beside admins' uploads. */
export const DEMO_CLIENT_FOLDER = 'clients';
export const DEMO_STAFF_FOLDER = 'staff';

const render = (svg: string) => sharp(Buffer.from(svg));

/** Faster WebP encoding than uploads get: the seed encodes ~140 files at start-up. */
const SEED_WEBP_EFFORT = 2;

/** Logos keep a transparent background (PNG); the illustrations are photographs' size as JPEG. */
const logoBytes = (clinic: ClinicLook) => render(logoSvg(clinic)).png({ compressionLevel: 9, palette: false }).toBuffer();
const officeBytes = (clinic: ClinicLook) => render(officeSvg(clinic)).jpeg({ quality: 84 }).toBuffer();
const portraitBytes = (name: string, title: string, brandColor: string) =>
  render(portraitSvg(lookOf(name, title), brandColor)).jpeg({ quality: 86 }).toBuffer();

interface ClinicRow {
  id: number;
  name: string;
  brandColor: string;
  brandBgColor: string;
  logoPath: string | null;
  officeImagePath: string | null;
}

interface StaffRow {
  id: number;
  clientId: number;
  name: string;
  title: string | null;
}

/**
 * Draws the demo clinics' logos and office pictures and their staff's
 * portraits, stores them with their WebP variants under `uploadDir`, and
 * sets the paths that are still empty (an admin's upload is never replaced).
 * Only the demo clinics (ids 1–11) and the seeded staff are drawn. Returns
 * how many images were written.
 */
export async function seedDemoImages(manager: EntityManager, uploadDir: string): Promise<number> {
  const storage = uploadStorageFor(uploadDir, uploadS3FromEnv());
  const clinics = await manager.query<ClinicRow[]>(
    `SELECT "id", "name", "brand_color" AS "brandColor", "brand_bg_color" AS "brandBgColor",
            "logo_path" AS "logoPath", "office_image_path" AS "officeImagePath"
       FROM "tenant"."clients" WHERE "id" = ANY($1::int[])`,
    [SEED_CLIENTS.map((c) => c.id)],
  );
  const staff = await manager.query<StaffRow[]>(
    `SELECT s."id", s."client_id" AS "clientId", s."name", s."title"
       FROM "tenant"."staff_members" s
       JOIN unnest($1::int[], $2::text[]) AS seeded("client_id", "name") USING ("client_id", "name")
      WHERE s."image_path" IS NULL`,
    [SEED_STAFF.map((s) => s.clientId), SEED_STAFF.map((s) => s.name)],
  );
  const brandOf = new Map(clinics.map((c) => [c.id, c.brandColor]));

  // Drawing and encoding run side by side; the updates then go one by one (one connection).
  const jobs: Array<Promise<{ sql: string; id: number; path: string; files: number }>> = [];
  const set = async (sql: string, id: number, bytes: Promise<Buffer>, folder: string, extension: 'png' | 'jpg') => {
    const stored = await storeImageBytes(storage, await bytes, folder, extension, SEED_WEBP_EFFORT);
    return { sql, id, path: stored.path, files: 1 + stored.variants.length };
  };
  for (const clinic of clinics) {
    if (clinic.logoPath === null) {
      const sql = `UPDATE "tenant"."clients" SET "logo_path" = $2 WHERE "id" = $1 AND "logo_path" IS NULL`;
      jobs.push(set(sql, clinic.id, logoBytes(clinic), DEMO_CLIENT_FOLDER, 'png'));
    }
    if (clinic.officeImagePath === null) {
      const sql = `UPDATE "tenant"."clients" SET "office_image_path" = $2 WHERE "id" = $1 AND "office_image_path" IS NULL`;
      jobs.push(set(sql, clinic.id, officeBytes(clinic), DEMO_CLIENT_FOLDER, 'jpg'));
    }
  }
  for (const member of staff) {
    const sql = `UPDATE "tenant"."staff_members" SET "image_path" = $2 WHERE "id" = $1 AND "image_path" IS NULL`;
    const bytes = portraitBytes(member.name, member.title ?? '', brandOf.get(member.clientId) ?? '#37a2d4');
    jobs.push(set(sql, member.id, bytes, DEMO_STAFF_FOLDER, 'jpg'));
  }
  // Every job settles before the transaction may end: none is left writing after a failure.
  const settled = await Promise.allSettled(jobs);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  let files = 0;
  for (const r of settled) {
    if (r.status !== 'fulfilled') continue;
    await manager.query(r.value.sql, [r.value.id, r.value.path]);
    files += r.value.files;
  }
  return files;
}
