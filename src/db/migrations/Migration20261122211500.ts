import { Migration } from '@mikro-orm/migrations';

/**
 * Plan and task assignees point at employees and groups by (entity_type, entity_id), with no
 * foreign key since an assignee may be of several tables. These triggers remove an employee's or
 * a group's assignments with it, so no plan lists someone who no longer exists.
 */
const ASSIGNABLE_TABLES: [table: string, type: string][] = [
  ['employee', 'EMPLOYEE'],
  ['employee_group', 'GROUP'],
];

export class Migration20261122211500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function delete_assignments_of_row() returns trigger language plpgsql as $$
      begin
        delete from idp_assignee where entity_type = tg_argv[0] and entity_id = old.id;
        return old;
      end $$;`);
    for (const [table, type] of ASSIGNABLE_TABLES) {
      this.addSql(`create trigger "${table}_delete_assignments" after delete on "${table}" for each row execute function delete_assignments_of_row('${type}');`);
    }
  }

  override async down(): Promise<void> {
    for (const [table] of ASSIGNABLE_TABLES) this.addSql(`drop trigger if exists "${table}_delete_assignments" on "${table}";`);
    this.addSql('drop function if exists delete_assignments_of_row();');
  }
}
