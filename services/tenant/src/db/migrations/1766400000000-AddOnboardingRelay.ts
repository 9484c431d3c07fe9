import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-up's submission is also the outbox of its ClinicOnboardedEvent
 * (docs/service-graph.md): written in the sign-up's transaction, handed by the
 * tenant worker's relay to `templates.clinic-onboarded`, which activates the
 * chosen services. Submissions made before this were activated by the sign-up
 * itself, so they count as relayed.
 */
export class AddOnboardingRelay1766400000000 implements MigrationInterface {
  name = 'AddOnboardingRelay1766400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."onboarding_submissions" ADD COLUMN "relayed_at" timestamptz DEFAULT now()`);
    await runner.query(`ALTER TABLE "tenant"."onboarding_submissions" ALTER COLUMN "relayed_at" DROP DEFAULT`);
    await runner.query(`CREATE INDEX "onboarding_submissions_unrelayed" ON "tenant"."onboarding_submissions" ("id") WHERE "relayed_at" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."onboarding_submissions" DROP COLUMN "relayed_at"`);
  }
}
