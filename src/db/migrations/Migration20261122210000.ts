import { Migration } from '@mikro-orm/migrations';

/**
 * Mappings, and plan or task assignees, point at their record by (entity_type, entity_id), with no
 * foreign key since the record may be of several tables. These triggers delete what points at a
 * row with the row, also when the delete is a cascade inside the database (a plan's tasks go with
 * the plan), so no mapping or assignment outlives its record. Organizations need none: both
 * tables' organization_id cascades. Each delete names the row's organization so that it uses the
 * (organization_id, entity_type, entity_id) index of its table rather than scanning it.
 */
const REFERENCED_TABLES: [table: string, type: string, assignable: boolean][] = [
  ['employee', 'EMPLOYEE', true],
  ['employee_group', 'GROUP', true],
  ['idp', 'IDP', false],
  ['idp_task', 'IDP_TASK', false],
];

export class Migration20261122210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function delete_references_of_row() returns trigger language plpgsql as $$
      begin
        delete from mapping where organization_id = old.organization_id and entity_type = tg_argv[0] and entity_id = old.id;
        if tg_argv[1] = 'assignable' then
          delete from idp_assignee where organization_id = old.organization_id and entity_type = tg_argv[0] and entity_id = old.id;
        end if;
        return old;
      end $$;`);
    for (const [table, type, assignable] of REFERENCED_TABLES) {
      const args = `'${type}', '${assignable ? 'assignable' : 'mapped'}'`;
      this.addSql(`create trigger "${table}_delete_references" after delete on "${table}" for each row execute function delete_references_of_row(${args});`);
    }
  }

  override async down(): Promise<void> {
    for (const [table] of REFERENCED_TABLES) this.addSql(`drop trigger if exists "${table}_delete_references" on "${table}";`);
    this.addSql('drop function if exists delete_references_of_row();');
  }
}
