import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000643 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "conversation" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "timestamp" timestamptz not null, "name" text not null, constraint "conversation_pkey" primary key ("id"));`);
    this.addSql(`create index "conversation_name_search_index" on "conversation" using gin (to_tsvector('english', "name"));`);
    this.addSql(`create index "conversation_organization_id_user_id_timestamp_index" on "conversation" ("organization_id", "user_id", "timestamp");`);

    this.addSql(`create table "agent_message" ("id" uuid not null, "organization_id" uuid not null, "conversation_id" uuid not null, "user_id" uuid not null, "agent" text not null default '', "message_type" text not null, "message" text not null, "token_usage" int not null default 0, "time_spent" int not null default 0, "sources" jsonb not null, "timestamp" timestamptz not null, constraint "agent_message_pkey" primary key ("id"));`);
    this.addSql(`create index "agent_message_search_index" on "agent_message" using gin (to_tsvector('english', "message"));`);
    this.addSql(`create index "agent_message_organization_id_user_id_timestamp_index" on "agent_message" ("organization_id", "user_id", "timestamp");`);
    this.addSql(`create index "agent_message_conversation_id_timestamp_index" on "agent_message" ("conversation_id", "timestamp");`);

    this.addSql(`alter table "conversation" add constraint "conversation_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "conversation" add constraint "conversation_user_id_foreign" foreign key ("user_id") references "account" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "agent_message" add constraint "agent_message_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "agent_message" add constraint "agent_message_conversation_id_foreign" foreign key ("conversation_id") references "conversation" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "agent_message" add constraint "agent_message_user_id_foreign" foreign key ("user_id") references "account" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "agent_message" drop constraint "agent_message_conversation_id_foreign";`);

    this.addSql(`drop table if exists "conversation" cascade;`);

    this.addSql(`drop table if exists "agent_message" cascade;`);
  }

}
