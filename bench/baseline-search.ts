import type { Pool } from 'pg';

/** The service's snippet options (src/modules/agent/conversation-search.ts); the answer check keeps them equal. */
const HEADLINE = 'StartSel=<b>, StopSel=</b>, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * The words of a message as its GIN index holds them: a stored column where the schema has one,
 * else the indexed expression, so the baselines use the index whichever migration the database is at.
 */
export async function messageWords(pool: Pool): Promise<string> {
  const { rows } = await pool.query(
    `select 1 from information_schema.columns where table_schema = 'public' and table_name = 'agent_message' and column_name = 'search_vector'`,
  );
  return rows.length ? 'm.search_vector' : `to_tsvector('english', m.message)`;
}

/**
 * The search's page as common table expressions `page` (type, id, conversation_id, timestamp,
 * rank, body) and `snippets` (body, result): conversation names and messages of the account
 * `account` (an SQL expression) in the organization $2 matching $3, best first, $4 rows from $5.
 */
export function searchPage(words: string, account: string): string {
  return `q as (select websearch_to_tsquery('english', $3) as query),
    hits as (
      select 'conversation' as type, c.id, c.id as conversation_id, c."timestamp", c.name as body, ts_rank(to_tsvector('english', c.name), q.query) as rank
      from conversation c, q
      where c.organization_id = $2 and c.user_id = ${account} and to_tsvector('english', c.name) @@ q.query
      union all
      select 'message', m.id, m.conversation_id, m."timestamp", m.message, ts_rank(${words}, q.query)
      from agent_message m, q
      where m.organization_id = $2 and m.user_id = ${account} and ${words} @@ q.query
    ),
    page as materialized (select * from hits order by rank desc, "timestamp" desc, id limit $4 offset $5),
    snippets as materialized (select body, ts_headline('english', body, q.query, '${HEADLINE}') as result from (select distinct body from page) bodies, q)`;
}

export interface SearchBody {
  query: string;
  page: number;
  count: number;
}

/** The search body as the service reads it (query trimmed; page 0 and 20 results unless given), or null. */
export function searchBody(text: string): SearchBody | null {
  try {
    const input = JSON.parse(text) as { query?: unknown; page?: unknown; count?: unknown };
    const query = typeof input.query === 'string' ? input.query.trim() : '';
    const page = typeof input.page === 'number' ? input.page : 0;
    const count = typeof input.count === 'number' ? input.count : 20;
    return query ? { query, page, count } : null;
  } catch {
    return null;
  }
}
