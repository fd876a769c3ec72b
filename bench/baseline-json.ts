import type { Pool } from 'pg';
import { searchPage } from './baseline-search';
import type { Answer, Baseline } from './baseline-server';

/**
 * The second raw baseline, the honest limit: every answer is one SQL statement that builds the
 * whole JSON in PostgreSQL (json_build_object, json_agg) and returns it as text, which Node sends
 * as it is. The caller's role check is part of the same statement. $1 is the caller's subject,
 * $2 their organization.
 */

/** A timestamptz as JavaScript's toISOString writes it (milliseconds, truncated as Date truncates). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const created = (t: string) =>
  `json_build_object('createdAt', ${iso(`${t}.created_at`)}, 'createdBy', ${t}.created_by)`;
const status = (t: string) =>
  `json_build_object('current', ${t}.status_current, 'changedAt', ${iso(`${t}.status_changed_at`)}, 'changedBy', ${t}.status_changed_by)`;
const list = (element: string, order: string, from: string) =>
  `(select coalesce(json_agg(${element} order by ${order}), '[]'::json) from ${from})`;

const notes = (where: string) =>
  list(
    `json_build_object('id', n.id, 'note', n.note, 'author', n.author, 'createdAt', ${iso('n.created_at')})`,
    'n.created_at, n.id',
    `idp_note n where n.organization_id = $2 and ${where}`,
  );
const assignees = (where: string) =>
  list(
    `json_build_object('entityId', a.entity_id, 'entityType', a.entity_type)`,
    'a.entity_type, a.entity_id',
    `idp_assignee a where a.organization_id = $2 and ${where}`,
  );
// Mapping secrets are not decrypted (the seed has none): null, as the 9-statement baseline answers.
const mappings = (type: string, id: string) =>
  list(
    `json_build_object('id', m.id, 'organization', m.organization_id, 'app', m.app_id, 'entityType', m.entity_type, 'entityId', m.entity_id,
      'namespace', m.namespace, 'mappedId', m.mapped_id, 'reference', m.reference, 'mappingData', m.mapping_data, 'mappingSecrets', null, 'created', ${created('m')})`,
    'm.namespace, m.mapped_id, m.id',
    `mapping m where m.organization_id = $2 and m.entity_type = '${type}' and m.entity_id = ${id}`,
  );

const TASK = `json_build_object(
  'id', t.id, 'organization', t.organization_id, 'idp', t.idp_id, 'name', t.name, 'active', t.active,
  'description', t.description, 'dueDate', t.due_date,
  'connectedTo', case when t.connected_type is null then null
    else json_build_object('type', t.connected_type, 'entityId', t.connected_entity_id, 'organization', t.connected_organization) end,
  'order', t."order", 'status', ${status('t')}, 'created', ${created('t')},
  'notes', ${notes('n.task_id = t.id')}, 'assignees', ${assignees('a.task_id = t.id')}, 'mappings', ${mappings('IDP_TASK', 't.id')})`;

/** One plan `p` as the service answers it. */
const PLAN = `json_build_object(
  'id', p.id, 'organization', p.organization_id, 'name', p.name, 'active', p.active, 'type', p.type,
  'startDate', p.start_date, 'endDate', p.end_date,
  'sharing', json_build_object('visibility', p.visibility, 'ownerId', p.owner_id),
  'status', ${status('p')}, 'created', ${created('p')},
  'tasks', ${list(TASK, 't."order", t.id', 'idp_task t where t.organization_id = $2 and t.idp_id = p.id')},
  'notes', ${notes('n.idp_id = p.id and n.task_id is null')},
  'assignees', ${assignees('a.idp_id = p.id and a.task_id is null')},
  'mappings', ${mappings('IDP', 'p.id')})`;

/** The baseline serves ORG_ADMINs, who may read every plan of their organization. */
const ADMIN = `admin as (select exists (select 1 from account a join "grant" g on g.account_id = a.id
  where a.subject = $1 and g.organization_id = $2 and g.role = 'ORG_ADMIN') as yes)`;

const GET_PLAN = `with ${ADMIN},
  p as (select * from idp where organization_id = $2 and id = $3 and (select yes from admin))
  select (select yes from admin) as admin, (select ${PLAN} from p)::text as body`;

const LIST_PLANS = `with ${ADMIN},
  p as (select * from idp where organization_id = $2 and (select yes from admin) order by name, id limit $3)
  select (select yes from admin) as admin, coalesce(json_agg(${PLAN} order by p.name, p.id), '[]'::json)::text as body from p`;

const search = (
  words: string,
) => `with me as (select id from account where subject = $1), ${searchPage(words, '(select id from me)')}
  select coalesce(json_agg(json_build_object('id', page.id, 'conversationId', page.conversation_id, 'result', snippets.result,
      'timestamp', ${iso('page."timestamp"')}, 'type', page.type) order by page.rank desc, page."timestamp" desc, page.id), '[]'::json)::text as body
  from page join snippets on snippets.body = page.body`;

export function jsonBaseline(pool: Pool, words: string): Baseline {
  const SEARCH = search(words);
  const one = async (sql: string, params: unknown[]) =>
    (await pool.query<{ admin?: boolean; body: string | null }>(sql, params)).rows[0];
  const forbidden: Answer = [403, JSON.stringify('the baseline serves ORG_ADMINs only')];
  return {
    async plan(subject, org, id) {
      const { admin, body } = await one(GET_PLAN, [subject, org, id]);
      if (!admin) return forbidden;
      return body === null ? [404, JSON.stringify('IDP not found')] : [200, body];
    },
    async plans(subject, org, limit) {
      const { admin, body } = await one(LIST_PLANS, [subject, org, limit]);
      return admin ? [200, body ?? '[]'] : forbidden;
    },
    async search(subject, org, input) {
      const { body } = await one(SEARCH, [subject, org, input.query, input.count, input.page * input.count]);
      return [200, body ?? '[]'];
    },
  };
}
