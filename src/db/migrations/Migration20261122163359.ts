import { Migration } from '@mikro-orm/migrations';

export class Migration20261122163359 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "idp" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "active" boolean not null default true, "type" text not null, "start_date" date not null, "end_date" date null, "visibility" text not null default 'PRIVATE', "owner_id" uuid null, "status_current" text not null, "status_changed_at" timestamptz not null, "status_changed_by" uuid null, "created_at" timestamptz not null, "created_by" uuid null, "updated_at" timestamptz not null, constraint "idp_pkey" primary key ("id"));`);
    this.addSql(`create index "idp_owner_id_index" on "idp" ("owner_id");`);
    this.addSql(`create index "idp_organization_id_type_index" on "idp" ("organization_id", "type");`);
    this.addSql(`create index "idp_organization_id_name_id_index" on "idp" ("organization_id", "name", "id");`);

    this.addSql(`create table "idp_task" ("id" uuid not null, "organization_id" uuid not null, "idp_id" uuid not null, "name" text not null, "active" boolean not null default true, "description" text null, "due_date" date null, "connected_entity_id" text null, "connected_type" text null, "connected_organization" uuid null, "order" int not null, "status_current" text not null, "status_changed_at" timestamptz not null, "status_changed_by" uuid null, "created_at" timestamptz not null, "created_by" uuid null, "updated_at" timestamptz not null, constraint "idp_task_pkey" primary key ("id"));`);
    this.addSql(`create index "idp_task_organization_id_due_date_index" on "idp_task" ("organization_id", "due_date");`);
    this.addSql(`create index "idp_task_idp_id_order_index" on "idp_task" ("idp_id", "order");`);

    this.addSql(`create table "idp_note" ("id" uuid not null, "organization_id" uuid not null, "idp_id" uuid not null, "task_id" uuid null, "note" text not null, "author" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "idp_note_pkey" primary key ("id"));`);
    this.addSql(`create index "idp_note_task_id_index" on "idp_note" ("task_id");`);
    this.addSql(`create index "idp_note_idp_id_created_at_index" on "idp_note" ("idp_id", "created_at");`);

    this.addSql(`create table "idp_assignee" ("id" uuid not null, "organization_id" uuid not null, "idp_id" uuid not null, "task_id" uuid null, "entity_id" uuid not null, "entity_type" text not null, constraint "idp_assignee_pkey" primary key ("id"));`);
    this.addSql(`create index "idp_assignee_idp_id_index" on "idp_assignee" ("idp_id");`);
    this.addSql(`create index "idp_assignee_task_id_index" on "idp_assignee" ("task_id");`);
    this.addSql(`create index "idp_assignee_organization_id_entity_type_entity_id_index" on "idp_assignee" ("organization_id", "entity_type", "entity_id");`);

    this.addSql(`alter table "idp" add constraint "idp_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idp" add constraint "idp_owner_id_foreign" foreign key ("owner_id") references "account" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "idp_task" add constraint "idp_task_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idp_task" add constraint "idp_task_idp_id_foreign" foreign key ("idp_id") references "idp" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "idp_note" add constraint "idp_note_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idp_note" add constraint "idp_note_idp_id_foreign" foreign key ("idp_id") references "idp" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idp_note" add constraint "idp_note_task_id_foreign" foreign key ("task_id") references "idp_task" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "idp_assignee" add constraint "idp_assignee_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idp_assignee" add constraint "idp_assignee_idp_id_foreign" foreign key ("idp_id") references "idp" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "idp_assignee" add constraint "idp_assignee_task_id_foreign" foreign key ("task_id") references "idp_task" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "idp_task" drop constraint "idp_task_idp_id_foreign";`);

    this.addSql(`alter table "idp_note" drop constraint "idp_note_idp_id_foreign";`);

    this.addSql(`alter table "idp_assignee" drop constraint "idp_assignee_idp_id_foreign";`);

    this.addSql(`alter table "idp_note" drop constraint "idp_note_task_id_foreign";`);

    this.addSql(`alter table "idp_assignee" drop constraint "idp_assignee_task_id_foreign";`);

    this.addSql(`drop table if exists "idp" cascade;`);

    this.addSql(`drop table if exists "idp_task" cascade;`);

    this.addSql(`drop table if exists "idp_note" cascade;`);

    this.addSql(`drop table if exists "idp_assignee" cascade;`);
  }

}
