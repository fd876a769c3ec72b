import { Migration } from '@mikro-orm/migrations';

export class Migration20261122204053 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app" ("id" uuid not null, "organization_id" uuid not null, "external_id" text not null, "internal" boolean not null, "name" text not null, "type" text not null, "active" boolean not null default true, "status_current" text not null, "status_changed_at" timestamptz not null, "status_changed_by" uuid null, "created_at" timestamptz not null, "created_by" uuid null, "app_data" jsonb not null, "secret_encrypted" jsonb not null, "secret_hashes" jsonb not null, "updated_at" timestamptz not null, constraint "app_pkey" primary key ("id"));`);
    this.addSql(`create index "app_secret_hashes_gin" on "app" using gin ("secret_hashes" jsonb_path_ops);`);
    this.addSql(`create index "app_app_data_gin" on "app" using gin ("app_data" jsonb_path_ops);`);
    this.addSql(`create index "app_type_external_id_index" on "app" ("type", "external_id");`);
    this.addSql(`alter table "app" add constraint "app_organization_id_type_external_id_unique" unique ("organization_id", "type", "external_id");`);

    this.addSql(`create table "mapping" ("id" uuid not null, "organization_id" uuid not null, "app_id" uuid not null, "entity_type" text not null, "entity_id" uuid not null, "namespace" text not null, "mapped_id" text not null, "reference" text null, "mapping_data" jsonb not null, "secret_encrypted" jsonb not null, "created_at" timestamptz not null, "created_by" uuid null, "updated_at" timestamptz not null, constraint "mapping_pkey" primary key ("id"));`);
    this.addSql(`create index "mapping_organization_id_entity_type_entity_id_index" on "mapping" ("organization_id", "entity_type", "entity_id");`);
    this.addSql(`alter table "mapping" add constraint "mapping_app_id_namespace_mapped_id_unique" unique ("app_id", "namespace", "mapped_id");`);

    this.addSql(`alter table "app" add constraint "app_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "mapping" add constraint "mapping_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mapping" add constraint "mapping_app_id_foreign" foreign key ("app_id") references "app" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mapping" drop constraint "mapping_app_id_foreign";`);

    this.addSql(`drop table if exists "app" cascade;`);

    this.addSql(`drop table if exists "mapping" cascade;`);
  }

}
