import { Migration } from '@mikro-orm/migrations';

export class Migration20261123011203 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "workflow" ("id" uuid not null, "organization_id" uuid not null, "conversation_id" uuid not null, "user_id" uuid not null, "task" text not null, "request" text not null, "schedule_frequency" text check ("schedule_frequency" in ('DAILY', 'WEEKDAY', 'MONTHLY', 'WEEKLY', 'QUARTERLY', 'YEARLY', 'CUSTOM', 'ONCE', 'NONE', 'INVALID')) not null, "hour_of_workflow" int null, "minute_of_workflow" int null, "day_of_workflow" int null, "interval" jsonb null, "time_zone" text not null, "notification_channel" text check ("notification_channel" in ('NONE', 'EMAIL', 'CHAT', 'IMMEDIATE')) not null, "notify_to" text null, "active" boolean not null default true, "next_run_at" timestamptz null, "last_run_at" timestamptz null, "last_result" text null, "last_notification" text null, "runs" int not null default 0, "created_at" timestamptz not null, constraint "workflow_pkey" primary key ("id"));`);
    this.addSql(`create index "workflow_organization_id_user_id_index" on "workflow" ("organization_id", "user_id");`);

    this.addSql(`alter table "workflow" add constraint "workflow_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workflow" add constraint "workflow_conversation_id_foreign" foreign key ("conversation_id") references "conversation" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workflow" add constraint "workflow_user_id_foreign" foreign key ("user_id") references "account" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "workflow" cascade;`);
  }

}
