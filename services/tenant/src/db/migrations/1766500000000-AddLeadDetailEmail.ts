import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The agency's opt-in to the full-detail lead e-mail, per clinic. Off for
 * every clinic, existing ones included: a new lead's alerts carry no patient
 * details (docs/leads.md#delivery), and a clinic that wants the old e-mail
 * asks the agency, which turns it on knowingly.
 */
export class AddLeadDetailEmail1766500000000 implements MigrationInterface {
  name = 'AddLeadDetailEmail1766500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" ADD COLUMN "lead_detail_email" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" DROP COLUMN "lead_detail_email"`);
  }
}
