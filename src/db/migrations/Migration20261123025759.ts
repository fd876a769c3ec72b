import { Migration } from '@mikro-orm/migrations';

export class Migration20261123025759 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "idp_search_index" on "idp" using gin (to_tsvector('english', "name" || ' ' || "type"));`);

    this.addSql(`create index "idp_task_search_index" on "idp_task" using gin (to_tsvector('english', "name" || ' ' || coalesce("description", '')));`);

    this.addSql(`create index "employee_search_index" on "employee" using gin (to_tsvector('english', "name" || ' ' || coalesce("title", '') || ' ' || coalesce("department", '') || ' ' || coalesce("location", '')));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "employee_search_index";`);

    this.addSql(`drop index "idp_search_index";`);

    this.addSql(`drop index "idp_task_search_index";`);
  }

}
