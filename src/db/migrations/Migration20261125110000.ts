import { Migration } from '@mikro-orm/migrations';

/**
 * Workflows keep the RRULE they follow and, for one-off and yearly plans, their date. Workflows
 * stored before have neither: the runner derives the rule from their scheduleFrequency,
 * dayOfWorkflow and interval.
 */
export class Migration20261125110000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "workflow" add column "recurrence" text null, add column "run_date" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "workflow" drop column "recurrence", drop column "run_date";`);
  }

}
