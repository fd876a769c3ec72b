import { Migration } from '@mikro-orm/migrations';

/**
 * Keeps an uploaded knowledge file as it came (content) with its own name (filename), so that
 * GET /agent/knowledge/{id}?download=1 can answer it; files learnt before have neither.
 */
export class Migration20261126010427 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "knowledge_document" add column "content" bytea null, add column "filename" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "knowledge_document" drop column "content", drop column "filename";`);
  }

}
