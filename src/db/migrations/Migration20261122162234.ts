import { Migration } from '@mikro-orm/migrations';

export class Migration20261122162234 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "employee_organization_id_active_name_id_index" on "employee" ("organization_id", "active", "name", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "employee_organization_id_active_name_id_index";`);
  }

}
