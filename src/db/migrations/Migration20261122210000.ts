import { Migration } from '@mikro-orm/migrations';

/**
 * A mapping points at its record by (entity_type, entity_id), with no foreign key since the
 * record may be of several tables. These triggers delete a record's mappings with the record,
 * also when the delete is a cascade inside the database (a plan's tasks go with the plan), so no
 * mapping outlives what it maps. Organizations need none: mapping.organization_id cascades.
 */
const MAPPED_TABLES: [table: string, type: string][] = [
  ['employee', 'EMPLOYEE'],
  ['employee_group', 'GROUP'],
  ['idp', 'IDP'],
  ['idp_task', 'IDP_TASK'],
];

export class Migration20261122210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function delete_mappings_of_row() returns trigger language plpgsql as $$
      begin
        delete from mapping where entity_type = tg_argv[0] and entity_id = old.id;
        return old;
      end $$;`);
    for (const [table, type] of MAPPED_TABLES) {
      this.addSql(`create trigger "${table}_delete_mappings" after delete on "${table}" for each row execute function delete_mappings_of_row('${type}');`);
    }
  }

  override async down(): Promise<void> {
    for (const [table] of MAPPED_TABLES) this.addSql(`drop trigger if exists "${table}_delete_mappings" on "${table}";`);
    this.addSql('drop function if exists delete_mappings_of_row();');
  }
}
