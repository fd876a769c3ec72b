import { Migration } from '@mikro-orm/migrations';

/**
 * Messages and knowledge chunks keep their words as a stored tsvector (a generated column), and
 * the GIN index is on that column: search and retrieval rank matched rows on it instead of
 * parsing each matched text again (bench/RESULTS.md).
 */
export class Migration20261124150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "agent_message_search_index";`);
    this.addSql(`alter table "agent_message" add column "search_vector" tsvector null generated always as (to_tsvector('english', "message")) stored;`);
    this.addSql(`create index "agent_message_search_vector_index" on "agent_message" using gin ("search_vector");`);

    this.addSql(`drop index "knowledge_chunk_search_index";`);
    this.addSql(`alter table "knowledge_chunk" add column "search_vector" tsvector null generated always as (to_tsvector('english', "text")) stored;`);
    this.addSql(`create index "knowledge_chunk_search_vector_index" on "knowledge_chunk" using gin ("search_vector");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "knowledge_chunk_search_vector_index";`);
    this.addSql(`alter table "knowledge_chunk" drop column "search_vector";`);
    this.addSql(`create index "knowledge_chunk_search_index" on "knowledge_chunk" using gin (to_tsvector('english', "text"));`);

    this.addSql(`drop index "agent_message_search_vector_index";`);
    this.addSql(`alter table "agent_message" drop column "search_vector";`);
    this.addSql(`create index "agent_message_search_index" on "agent_message" using gin (to_tsvector('english', "message"));`);
  }

}
