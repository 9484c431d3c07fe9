import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic's section layout of its service page (docs/page-editor.md#sections): the order it gave
 * the body sections and the ones it hides. Null keeps the page style's own.
 */
export class AddPageSections1767300000000 implements MigrationInterface {
  name = 'AddPageSections1767300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "templates"."client_services" ADD COLUMN "page_sections" jsonb');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "templates"."client_services" DROP COLUMN "page_sections"');
  }
}
