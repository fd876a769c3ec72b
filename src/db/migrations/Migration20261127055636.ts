import { Migration } from '@mikro-orm/migrations';

/**
 * Limits of scheduled work: the ledger of workflow runs the hourly quotas count (workflow_run,
 * src/modules/agent/planner/workflow-quotas.ts), the organization's notification policy and own
 * e-mail domains, and why the service paused a workflow or skipped its last due run.
 */
export class Migration20261127055636 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "workflow_run" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "workflow_id" uuid not null, "job_id" uuid not null, "started_at" timestamptz not null, constraint "workflow_run_pkey" primary key ("id"));`);
    this.addSql(`alter table "workflow_run" add constraint "workflow_run_job_id_unique" unique ("job_id");`);
    this.addSql(`create index "workflow_run_organization_id_started_at_index" on "workflow_run" ("organization_id", "started_at");`);

    this.addSql(`alter table "organization" add column "notification_policy" text check ("notification_policy" in ('OWN_ADDRESSES', 'ANY_ADDRESS')) not null default 'OWN_ADDRESSES', add column "notification_domains" text[] not null default '{}';`);

    this.addSql(`alter table "workflow" add column "paused_reason" text null, add column "last_skipped_at" timestamptz null, add column "last_skip_reason" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "workflow_run" cascade;`);

    this.addSql(`alter table "organization" drop column "notification_policy", drop column "notification_domains";`);

    this.addSql(`alter table "workflow" drop column "paused_reason", drop column "last_skipped_at", drop column "last_skip_reason";`);
  }

}
