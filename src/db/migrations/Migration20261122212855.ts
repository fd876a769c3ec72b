import { Migration } from '@mikro-orm/migrations';

export class Migration20261122212855 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "change_event" ("id" uuid not null, "type" text not null, "object" text not null, "operation" text not null, "object_id" text not null, "organization" uuid null, "actor" uuid null, "changed_fields" jsonb not null, "current" jsonb null, "previous" jsonb null, "created_at" timestamptz not null, "dispatched_at" timestamptz null, constraint "change_event_pkey" primary key ("id"));`);
    this.addSql(`create index "change_event_organization_index" on "change_event" ("organization");`);
    this.addSql(`create index "change_event_undispatched" on "change_event" ("created_at") where "dispatched_at" is null;`);

    this.addSql(`create table "webhook_key" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "secret_encrypted" text not null, "is_default" boolean not null default false, "created_at" timestamptz not null, constraint "webhook_key_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_key_organization_id_created_at_index" on "webhook_key" ("organization_id", "created_at");`);

    this.addSql(`create table "webhook" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "url" text not null, "event_type" text not null, "if_updates" jsonb not null, "signing_key_id" uuid not null, "previous_signing_key_id" uuid null, "previous_key_until" timestamptz null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_signing_key_id_index" on "webhook" ("signing_key_id");`);
    this.addSql(`create index "webhook_organization_id_active_index" on "webhook" ("organization_id", "active");`);

    this.addSql(`create table "webhook_delivery" ("id" uuid not null, "organization_id" uuid not null, "webhook_id" uuid not null, "event_id" uuid not null, "state" text not null default 'PENDING', "attempt_count" int not null default 0, "next_attempt_at" timestamptz null, "created_at" timestamptz not null, constraint "webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id");`);
    this.addSql(`create index "webhook_delivery_webhook_id_created_at_index" on "webhook_delivery" ("webhook_id", "created_at");`);

    this.addSql(`create table "webhook_attempt" ("id" uuid not null, "delivery_id" uuid not null, "webhook_id" uuid not null, "at" timestamptz not null, "ok" boolean not null, "status_code" int null, "duration_ms" int not null, "error" text null, "response_excerpt" text null, constraint "webhook_attempt_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_attempt_delivery_id_index" on "webhook_attempt" ("delivery_id");`);
    this.addSql(`create index "webhook_attempt_webhook_id_at_index" on "webhook_attempt" ("webhook_id", "at");`);

    this.addSql(`alter table "webhook_key" add constraint "webhook_key_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook" add constraint "webhook_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook" add constraint "webhook_signing_key_id_foreign" foreign key ("signing_key_id") references "webhook_key" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "webhook" add constraint "webhook_previous_signing_key_id_foreign" foreign key ("previous_signing_key_id") references "webhook_key" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_webhook_id_foreign" foreign key ("webhook_id") references "webhook" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "change_event" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_delivery" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_webhook_id_foreign" foreign key ("webhook_id") references "webhook" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_event_id_foreign";`);

    this.addSql(`alter table "webhook" drop constraint "webhook_signing_key_id_foreign";`);

    this.addSql(`alter table "webhook" drop constraint "webhook_previous_signing_key_id_foreign";`);

    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_webhook_id_foreign";`);

    this.addSql(`alter table "webhook_attempt" drop constraint "webhook_attempt_webhook_id_foreign";`);

    this.addSql(`alter table "webhook_attempt" drop constraint "webhook_attempt_delivery_id_foreign";`);

    this.addSql(`drop table if exists "change_event" cascade;`);

    this.addSql(`drop table if exists "webhook_key" cascade;`);

    this.addSql(`drop table if exists "webhook" cascade;`);

    this.addSql(`drop table if exists "webhook_delivery" cascade;`);

    this.addSql(`drop table if exists "webhook_attempt" cascade;`);
  }

}
