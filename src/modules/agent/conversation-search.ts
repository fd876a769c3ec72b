import type { Context } from '../../auth/context';
import type { SearchInput } from './agent.inputs';
import { SearchResult } from './agent.types';
import { conversationOwner, type Owner } from './conversation.service';

export const DEFAULT_COUNT = 20;
const HEADLINE = 'StartSel=<b>, StopSel=</b>, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * The search statement: conversation names and messages of one user that match a web-search
 * style query, best ranked first, with a highlighted snippet built for the page's rows only. Names
 * match on the expression their GIN index is built on (conversation.entity.ts); messages match and
 * rank on their stored words (agent-message.entity.ts), so no matched message is parsed again.
 * A snippet is built once per distinct text on the page (a repeated answer is highlighted alike).
 * It is raw SQL, so the organization and the owner are named explicitly here rather than by the
 * tenant filter.
 */
export function searchStatement(
  owner: Owner,
  query: string,
  count: number,
  offset: number,
): { sql: string; params: unknown[] } {
  const sql = `with q as (select websearch_to_tsquery('english', ?) as query),
    hits as (
      select 'conversation' as type, c.id, c.id as conversation_id, c."timestamp", c.name as body,
        ts_rank(to_tsvector('english', c.name), q.query) as rank
      from conversation c, q
      where c.organization_id = ? and c.user_id = ? and to_tsvector('english', c.name) @@ q.query
      union all
      select 'message', m.id, m.conversation_id, m."timestamp", m.message, ts_rank(m.search_vector, q.query)
      from agent_message m, q
      where m.organization_id = ? and m.user_id = ? and m.search_vector @@ q.query
    ),
    page as materialized (select * from hits order by rank desc, "timestamp" desc, id limit ? offset ?),
    snippets as materialized (select body, ts_headline('english', body, q.query, '${HEADLINE}') as result from (select distinct body from page) bodies, q)
    select page.type, page.id, page.conversation_id, page."timestamp", snippets.result
    from page join snippets on snippets.body = page.body order by page.rank desc, page."timestamp" desc, page.id`;
  return { sql, params: [query, owner.orgId, owner.accountId, owner.orgId, owner.accountId, count, offset] };
}

interface Row {
  type: string;
  id: string;
  conversation_id: string;
  timestamp: Date | string;
  result: string;
}

/** Full-text search over the caller's conversation names and messages (docs/agent.md); page is 0-based. */
export async function searchConversations(ctx: Context, input: SearchInput): Promise<SearchResult[]> {
  const owner = conversationOwner(ctx);
  const count = input.count ?? DEFAULT_COUNT;
  const { sql, params } = searchStatement(owner, input.query, count, (input.page ?? 0) * count);
  const rows = await ctx.em.execute<Row[]>(sql, params);
  return rows.map((row) =>
    Object.assign(new SearchResult(), {
      id: row.id,
      conversationId: row.conversation_id,
      result: row.result,
      timestamp: new Date(row.timestamp),
      type: row.type,
    }),
  );
}
