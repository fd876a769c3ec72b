import { Migration } from '@mikro-orm/migrations';

export class Migration20261122231408 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "change_event_dispatched_at_index" on "change_event" ("dispatched_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "change_event_dispatched_at_index";`);
  }

}
