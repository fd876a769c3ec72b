import { Migration } from '@mikro-orm/migrations';

export class Migration20261126005707 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "account" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "knowledge_document" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "knowledge_chunk" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "idp" alter column "updated_at" set default now();`);
    this.addSql(`create index "idp_organization_id_updated_at_id_index" on "idp" ("organization_id", "updated_at", "id");`);

    this.addSql(`alter table "idp_task" alter column "updated_at" set default now();`);

    this.addSql(`alter table "idp_note" alter column "updated_at" set default now();`);

    this.addSql(`alter table "idp_assignee" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "employee_group" alter column "updated_at" set default now();`);
    this.addSql(`create index "employee_group_organization_id_updated_at_id_index" on "employee_group" ("organization_id", "updated_at", "id");`);

    this.addSql(`alter table "grant" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "employee" alter column "updated_at" set default now();`);
    this.addSql(`create index "employee_organization_id_updated_at_id_index" on "employee" ("organization_id", "updated_at", "id");`);

    this.addSql(`alter table "conversation" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "app" alter column "updated_at" set default now();`);
    this.addSql(`create index "app_organization_id_updated_at_id_index" on "app" ("organization_id", "updated_at", "id");`);

    this.addSql(`alter table "mapping" alter column "updated_at" set default now();`);

    this.addSql(`alter table "agent_message" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "organization_key" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "organization_preference" alter column "updated_at" set default now();`);

    this.addSql(`alter table "webhook_key" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "webhook" alter column "updated_at" set default now();`);

    this.addSql(`alter table "webhook_delivery" add column "updated_at" timestamptz not null default now();`);

    this.addSql(`alter table "workflow" add column "updated_at" timestamptz not null default now();`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "account" drop column "updated_at";`);

    this.addSql(`alter table "agent_message" drop column "updated_at";`);

    this.addSql(`drop index "app_organization_id_updated_at_id_index";`);

    this.addSql(`alter table "app" alter column "updated_at" drop default;`);

    this.addSql(`alter table "conversation" drop column "updated_at";`);

    this.addSql(`drop index "employee_organization_id_updated_at_id_index";`);

    this.addSql(`alter table "employee" alter column "updated_at" drop default;`);

    this.addSql(`drop index "employee_group_organization_id_updated_at_id_index";`);

    this.addSql(`alter table "employee_group" alter column "updated_at" drop default;`);

    this.addSql(`alter table "grant" drop column "updated_at";`);

    this.addSql(`drop index "idp_organization_id_updated_at_id_index";`);

    this.addSql(`alter table "idp" alter column "updated_at" drop default;`);

    this.addSql(`alter table "idp_assignee" drop column "updated_at";`);

    this.addSql(`alter table "idp_note" alter column "updated_at" drop default;`);

    this.addSql(`alter table "idp_task" alter column "updated_at" drop default;`);

    this.addSql(`alter table "knowledge_chunk" drop column "updated_at";`);

    this.addSql(`alter table "knowledge_document" drop column "updated_at";`);

    this.addSql(`alter table "mapping" alter column "updated_at" drop default;`);

    this.addSql(`alter table "organization_key" drop column "updated_at";`);

    this.addSql(`alter table "organization_preference" alter column "updated_at" drop default;`);

    this.addSql(`alter table "webhook" alter column "updated_at" drop default;`);

    this.addSql(`alter table "webhook_delivery" drop column "updated_at";`);

    this.addSql(`alter table "webhook_key" drop column "updated_at";`);

    this.addSql(`alter table "workflow" drop column "updated_at";`);
  }

}
