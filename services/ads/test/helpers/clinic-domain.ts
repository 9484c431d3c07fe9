import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * Gives a clinic its own domain in the real tenant's database, in the state
 * tenant's verification, the edge's certificate report and the daily check
 * leave it (tenant's client-domains tests drive those through DNS): verified,
 * with a certificate, active or failing with a reason.
 */
export async function giveClinicDomain(tenant: DataSource, clientId: number, domain: string, status: 'active' | 'failing' = 'active', reason: string | null = null): Promise<string> {
  await tenant.query(
    `INSERT INTO "tenant"."client_domains" ("client_id", "domain", "status", "reason", "token", "check_until", "verified_at", "certificate_at")
     VALUES ($1, $2, $3, $4, $5, now() + interval '72 hours', now() - interval '2 hours', now() - interval '1 hour')`,
    [clientId, domain, status, reason, randomBytes(18).toString('base64url')],
  );
  return domain;
}

/** The daily check's verdict on a clinic's domain: failing with its reason, or active again. */
export async function setClinicDomain(tenant: DataSource, domain: string, status: 'active' | 'failing', reason: string | null = null): Promise<void> {
  await tenant.query(`UPDATE "tenant"."client_domains" SET "status" = $2, "reason" = $3 WHERE "domain" = $1`, [domain, status, reason]);
}
