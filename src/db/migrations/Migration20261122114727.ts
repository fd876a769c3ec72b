import { Migration } from '@mikro-orm/migrations';

export class Migration20261122114727 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "account_preference" ("id" uuid not null, "account_id" uuid not null, "namespace" text not null, "values" jsonb not null, "updated_at" timestamptz not null, constraint "account_preference_pkey" primary key ("id"));`);
    this.addSql(`create index "account_preference_account_id_index" on "account_preference" ("account_id");`);
    this.addSql(`alter table "account_preference" add constraint "account_preference_account_id_namespace_unique" unique ("account_id", "namespace");`);

    this.addSql(`create table "employee_group" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "description" text null, "active" boolean not null default true, "created_at" timestamptz not null, "created_by" uuid null, "updated_at" timestamptz not null, constraint "employee_group_pkey" primary key ("id"));`);
    this.addSql(`create index "employee_group_organization_id_index" on "employee_group" ("organization_id");`);
    this.addSql(`alter table "employee_group" add constraint "employee_group_organization_id_name_unique" unique ("organization_id", "name");`);

    this.addSql(`create table "employee" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "active" boolean not null default true, "account_id" uuid null, "email" text null, "title" text null, "department" text null, "manager_id" uuid null, "start_date" date null, "location" text null, "created_at" timestamptz not null, "created_by" uuid null, "updated_at" timestamptz not null, constraint "employee_pkey" primary key ("id"));`);
    this.addSql(`create index "employee_account_id_index" on "employee" ("account_id");`);
    this.addSql(`create index "employee_manager_id_index" on "employee" ("manager_id");`);
    this.addSql(`create index "employee_organization_id_department_index" on "employee" ("organization_id", "department");`);
    this.addSql(`create index "employee_organization_id_name_id_index" on "employee" ("organization_id", "name", "id");`);
    this.addSql(`alter table "employee" add constraint "employee_organization_id_account_id_unique" unique ("organization_id", "account_id");`);

    this.addSql(`create table "group_member" ("group_id" uuid not null, "employee_id" uuid not null, "added_at" timestamptz not null, constraint "group_member_pkey" primary key ("group_id", "employee_id"));`);
    this.addSql(`create index "group_member_employee_id_index" on "group_member" ("employee_id");`);

    this.addSql(`alter table "account_preference" add constraint "account_preference_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "employee_group" add constraint "employee_group_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "employee" add constraint "employee_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "employee" add constraint "employee_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "employee" add constraint "employee_manager_id_foreign" foreign key ("manager_id") references "employee" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "group_member" add constraint "group_member_group_id_foreign" foreign key ("group_id") references "employee_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_member" add constraint "group_member_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "group_member" drop constraint "group_member_group_id_foreign";`);

    this.addSql(`alter table "employee" drop constraint "employee_manager_id_foreign";`);

    this.addSql(`alter table "group_member" drop constraint "group_member_employee_id_foreign";`);

    this.addSql(`drop table if exists "account_preference" cascade;`);

    this.addSql(`drop table if exists "employee_group" cascade;`);

    this.addSql(`drop table if exists "employee" cascade;`);

    this.addSql(`drop table if exists "group_member" cascade;`);
  }

}
