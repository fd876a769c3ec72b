import { Migration } from '@mikro-orm/migrations';

/** The search indexes: read by every question and search (src/common/search-expressions.ts). */
const SEARCH_INDEXES = ['knowledge_chunk_search_vector_index', 'agent_message_search_vector_index', 'employee_search_index', 'idp_search_index', 'idp_task_search_index'];

/**
 * Turns off GIN's fast update on the search indexes and merges what waits in their pending
 * lists: every search read those lists in full (search-expressions.ts says why).
 */
export class Migration20261125150000 extends Migration {
  override async up(): Promise<void> {
    for (const index of SEARCH_INDEXES) {
      this.addSql(`alter index "${index}" set (fastupdate = off);`);
      this.addSql(`select gin_clean_pending_list('"${index}"'::regclass);`);
    }
  }

  override async down(): Promise<void> {
    for (const index of SEARCH_INDEXES) this.addSql(`alter index "${index}" reset (fastupdate);`);
  }
}
