import { Migration } from '@mikro-orm/migrations';

export class Migration20261122113049 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "account" ("id" uuid not null, "email" text not null, "name" text not null, "active" boolean not null default true, "subject" text null, "status_current" text not null, "status_changed_at" timestamptz not null, "status_changed_by" uuid null, "created_at" timestamptz not null, "created_by" uuid null, constraint "account_pkey" primary key ("id"));`);
    this.addSql(`alter table "account" add constraint "account_email_unique" unique ("email");`);
    this.addSql(`alter table "account" add constraint "account_subject_unique" unique ("subject");`);

    this.addSql(`create table "organization" ("id" uuid not null, "name" text not null, "active" boolean not null default true, "alias" text not null, "owners" text[] not null, "status_current" text not null, "status_changed_at" timestamptz not null, "status_changed_by" uuid null, "created_at" timestamptz not null, "created_by" uuid null, "profile" jsonb not null, "updated_at" timestamptz not null, constraint "organization_pkey" primary key ("id"));`);
    this.addSql(`alter table "organization" add constraint "organization_alias_unique" unique ("alias");`);
    this.addSql(`create index "organization_updated_at_index" on "organization" ("updated_at");`);

    this.addSql(`create table "grant" ("id" uuid not null, "account_id" uuid not null, "organization_id" uuid not null, "role" text not null, "employee_id" uuid null, "created_at" timestamptz not null, constraint "grant_pkey" primary key ("id"));`);
    this.addSql(`create index "grant_account_id_index" on "grant" ("account_id");`);
    this.addSql(`create index "grant_organization_id_index" on "grant" ("organization_id");`);
    this.addSql(`alter table "grant" add constraint "grant_account_id_organization_id_role_unique" unique ("account_id", "organization_id", "role");`);

    this.addSql(`create table "organization_key" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "limit_to_role" text null, "secret_encrypted" text not null, "created_at" timestamptz not null, constraint "organization_key_pkey" primary key ("id"));`);
    this.addSql(`create index "organization_key_organization_id_index" on "organization_key" ("organization_id");`);

    this.addSql(`create table "organization_preference" ("id" uuid not null, "organization_id" uuid not null, "namespace" text not null, "values" jsonb not null, "updated_at" timestamptz not null, constraint "organization_preference_pkey" primary key ("id"));`);
    this.addSql(`create index "organization_preference_organization_id_index" on "organization_preference" ("organization_id");`);
    this.addSql(`alter table "organization_preference" add constraint "organization_preference_organization_id_namespace_unique" unique ("organization_id", "namespace");`);

    this.addSql(`alter table "grant" add constraint "grant_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "grant" add constraint "grant_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "organization_key" add constraint "organization_key_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "organization_preference" add constraint "organization_preference_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
  }

}
