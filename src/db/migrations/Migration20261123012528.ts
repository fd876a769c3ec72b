import { Migration } from '@mikro-orm/migrations';

export class Migration20261123012528 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "knowledge_chunk" add column "embedding" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "knowledge_chunk" drop column "embedding";`);
  }

}
