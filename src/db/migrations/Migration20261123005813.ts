import { Migration } from '@mikro-orm/migrations';

export class Migration20261123005813 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "knowledge_document" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "type" text not null, "url" text null, "media_type" text not null, "size" int not null, "chunks" int not null, "created_by" uuid null, "created_at" timestamptz not null, constraint "knowledge_document_pkey" primary key ("id"));`);
    this.addSql(`create index "knowledge_document_organization_id_url_index" on "knowledge_document" ("organization_id", "url");`);

    this.addSql(`create table "knowledge_chunk" ("id" uuid not null, "organization_id" uuid not null, "document_id" uuid not null, "position" int not null, "text" text not null, constraint "knowledge_chunk_pkey" primary key ("id"));`);
    this.addSql(`create index "knowledge_chunk_search_index" on "knowledge_chunk" using gin (to_tsvector('english', "text"));`);
    this.addSql(`create index "knowledge_chunk_document_id_position_index" on "knowledge_chunk" ("document_id", "position");`);

    this.addSql(`alter table "knowledge_document" add constraint "knowledge_document_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "knowledge_chunk" add constraint "knowledge_chunk_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "knowledge_chunk" add constraint "knowledge_chunk_document_id_foreign" foreign key ("document_id") references "knowledge_document" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "knowledge_chunk" drop constraint "knowledge_chunk_document_id_foreign";`);

    this.addSql(`drop table if exists "knowledge_document" cascade;`);

    this.addSql(`drop table if exists "knowledge_chunk" cascade;`);
  }

}
