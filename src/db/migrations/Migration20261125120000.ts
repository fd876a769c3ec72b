import { Migration } from '@mikro-orm/migrations';

/** Adds `sign` times the chunks of the transition table `rows` to the term and corpus counts. */
function count(rows: string, sign: '+' | '-'): string {
  // Sorted, so two documents stored at once lock the same rows in the same order (no deadlock).
  // Deleted with their organization, chunks leave no counts behind: the counts went with it.
  const alive = sign === '-' ? 'where exists (select 1 from organization o where o.id = r.organization_id)' : '';
  return `
    insert into knowledge_term (organization_id, lexeme, chunks)
      select r.organization_id, w, ${sign}count(*)::int from ${rows} r, unnest(tsvector_to_array(r.search_vector)) w ${alive}
      group by 1, 2 order by 1, 2
      on conflict (organization_id, lexeme) do update set chunks = knowledge_term.chunks + excluded.chunks;
    insert into knowledge_corpus (organization_id, chunks, lexemes)
      select r.organization_id, ${sign}count(*)::int, ${sign}coalesce(sum(length(r.search_vector)), 0) from ${rows} r ${alive}
      group by 1 order by 1
      on conflict (organization_id) do update set chunks = knowledge_corpus.chunks + excluded.chunks, lexemes = knowledge_corpus.lexemes + excluded.lexemes;`;
}

/** Words no chunk holds any more are not the organization's vocabulary. */
const FORGET = `delete from knowledge_term t where t.chunks <= 0 and t.organization_id in (select distinct organization_id from removed);`;

/**
 * Term statistics of each organization's knowledge chunks, for retrieval's rarity weights (BM25
 * idf) and spelling: how many chunks hold each lexeme, and how many chunks there are. Statement
 * triggers with transition tables keep them, so a document of 500 chunks is one aggregated upsert,
 * and chunks written by any path (the service, cascades from documents and organizations, bulk
 * SQL) are counted. Existing chunks are counted here.
 */
export class Migration20261125120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "knowledge_term" ("organization_id" uuid not null, "lexeme" text not null, "chunks" int not null, constraint "knowledge_term_pkey" primary key ("organization_id", "lexeme"));`);
    this.addSql(`create table "knowledge_corpus" ("organization_id" uuid not null, "chunks" int not null, "lexemes" bigint not null, constraint "knowledge_corpus_pkey" primary key ("organization_id"));`);
    this.addSql(`alter table "knowledge_term" add constraint "knowledge_term_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "knowledge_corpus" add constraint "knowledge_corpus_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`create or replace function knowledge_chunk_counted() returns trigger language plpgsql as $$
      begin ${count('added', '+')}
        return null;
      end $$;`);
    this.addSql(`create or replace function knowledge_chunk_uncounted() returns trigger language plpgsql as $$
      begin ${count('removed', '-')}
        ${FORGET}
        return null;
      end $$;`);
    this.addSql(`create or replace function knowledge_chunk_recounted() returns trigger language plpgsql as $$
      begin ${count('removed', '-')} ${count('added', '+')}
        ${FORGET}
        return null;
      end $$;`);
    this.addSql(`create trigger "knowledge_chunk_counted" after insert on "knowledge_chunk" referencing new table as added for each statement execute function knowledge_chunk_counted();`);
    this.addSql(`create trigger "knowledge_chunk_uncounted" after delete on "knowledge_chunk" referencing old table as removed for each statement execute function knowledge_chunk_uncounted();`);
    this.addSql(`create trigger "knowledge_chunk_recounted" after update on "knowledge_chunk" referencing old table as removed new table as added for each statement execute function knowledge_chunk_recounted();`);

    this.addSql(`insert into knowledge_term (organization_id, lexeme, chunks)
      select k.organization_id, w, count(*)::int from knowledge_chunk k, unnest(tsvector_to_array(k.search_vector)) w group by 1, 2;`);
    this.addSql(`insert into knowledge_corpus (organization_id, chunks, lexemes)
      select organization_id, count(*)::int, coalesce(sum(length(search_vector)), 0) from knowledge_chunk group by 1;`);
  }

  override async down(): Promise<void> {
    for (const name of ['counted', 'uncounted', 'recounted']) {
      this.addSql(`drop trigger if exists "knowledge_chunk_${name}" on "knowledge_chunk";`);
      this.addSql(`drop function if exists knowledge_chunk_${name}();`);
    }
    this.addSql(`drop table if exists "knowledge_term" cascade;`);
    this.addSql(`drop table if exists "knowledge_corpus" cascade;`);
  }

}
