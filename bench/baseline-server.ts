import { createServer, type ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import { Pool, types } from 'pg';

/**
 * The raw baseline: GET /api/v1/idp/{id} answered by hand with node:http and pg, from the
 * statements the service sends for that route (read off PostgreSQL's statement log), with the
 * independent ones in parallel, and the same JSON. Written for speed, it serves what the benchmark
 * asks: an ORG_ADMIN of the plan's organization, who may read every plan there, so the service's
 * visibility query has no counterpart here. Mapping secrets are not decrypted (the seed has none).
 */
const PORT = Number(process.env.PORT ?? 4100);
const SECRET = process.env.JWT_SECRET ?? '';
// DATE columns as the text PostgreSQL sends (YYYY-MM-DD), as the service answers them.
types.setTypeParser(1082, (value) => value);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

type Row = Record<string, unknown>;
const PLAN_PATH = /^\/api\/v1\/idp\/([0-9a-f-]{36})$/;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const status = (r: Row) => ({ current: r.status_current, changedAt: iso(r.status_changed_at), changedBy: r.status_changed_by });
const created = (r: Row) => ({ createdAt: iso(r.created_at), createdBy: r.created_by });
const note = (r: Row) => ({ id: r.id, note: r.note, author: r.author, createdAt: iso(r.created_at) });
const assignee = (r: Row) => ({ entityId: r.entity_id, entityType: r.entity_type });
const mapping = (r: Row) => ({
  id: r.id,
  organization: r.organization_id,
  app: r.app_id,
  entityType: r.entity_type,
  entityId: r.entity_id,
  namespace: r.namespace,
  mappedId: r.mapped_id,
  reference: r.reference,
  mappingData: r.mapping_data,
  mappingSecrets: null,
  created: created(r),
});

async function rows(sql: string, params: unknown[]): Promise<Row[]> {
  return (await pool.query<Row>(sql, params)).rows;
}

function send(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function plan(authorization: string | undefined, id: string): Promise<[number, unknown]> {
  let claims: { sub?: string; org?: string };
  try {
    claims = jwt.verify((authorization ?? '').replace(/^Bearer /, ''), SECRET, { algorithms: ['HS256'] }) as typeof claims;
  } catch {
    return [401, 'authentication required'];
  }
  const grants = await rows(`select g.role from account a join "grant" g on g.account_id = a.id where a.subject = $1 and g.organization_id = $2`, [claims.sub, claims.org]);
  if (!grants.some((g) => g.role === 'ORG_ADMIN')) return [403, 'the baseline serves ORG_ADMINs only'];
  const org = claims.org;
  const [idp] = await rows(`select * from idp where organization_id = $1 and id = $2 limit 1`, [org, id]);
  if (!idp) return [404, 'IDP not found'];
  const [tasks, notes, assignees, mappings] = await Promise.all([
    rows(`select * from idp_task where organization_id = $1 and idp_id = any($2) order by "order", id`, [org, [id]]),
    rows(`select * from idp_note where organization_id = $1 and idp_id = any($2) and task_id is null order by created_at, id`, [org, [id]]),
    rows(`select * from idp_assignee where organization_id = $1 and idp_id = any($2) and task_id is null order by entity_type, entity_id`, [org, [id]]),
    rows(`select * from mapping where organization_id = $1 and entity_type = 'IDP' and entity_id = any($2) order by namespace, mapped_id, id`, [org, [id]]),
  ]);
  const taskIds = tasks.map((t) => t.id);
  const [taskNotes, taskAssignees, taskMappings] = await Promise.all([
    rows(`select * from idp_note where organization_id = $1 and task_id = any($2) order by created_at, id`, [org, taskIds]),
    rows(`select * from idp_assignee where organization_id = $1 and task_id = any($2) order by entity_type, entity_id`, [org, taskIds]),
    rows(`select * from mapping where organization_id = $1 and entity_type = 'IDP_TASK' and entity_id = any($2) order by namespace, mapped_id, id`, [org, taskIds]),
  ]);
  const of = (list: Row[], key: string, taskId: unknown) => list.filter((r) => r[key] === taskId);
  return [
    200,
    {
      id: idp.id,
      organization: idp.organization_id,
      name: idp.name,
      active: idp.active,
      type: idp.type,
      startDate: idp.start_date,
      endDate: idp.end_date,
      sharing: { visibility: idp.visibility, ownerId: idp.owner_id },
      status: status(idp),
      created: created(idp),
      tasks: tasks.map((t) => ({
        id: t.id,
        organization: t.organization_id,
        idp: t.idp_id,
        name: t.name,
        active: t.active,
        description: t.description,
        dueDate: t.due_date,
        connectedTo: t.connected_type ? { type: t.connected_type, entityId: t.connected_entity_id, organization: t.connected_organization } : null,
        order: t.order,
        status: status(t),
        created: created(t),
        notes: of(taskNotes, 'task_id', t.id).map(note),
        assignees: of(taskAssignees, 'task_id', t.id).map(assignee),
        mappings: of(taskMappings, 'entity_id', t.id).map(mapping),
      })),
      notes: notes.map(note),
      assignees: assignees.map(assignee),
      mappings: mappings.map(mapping),
    },
  ];
}

createServer((req, res) => {
  if (req.url === '/health') return send(res, 200, { status: 'ok' });
  const match = req.method === 'GET' ? PLAN_PATH.exec(req.url ?? '') : null;
  if (!match) return send(res, 404, 'not found');
  plan(req.headers.authorization, match[1]).then(
    ([code, body]) => send(res, code, body),
    (error: unknown) => send(res, 500, error instanceof Error ? error.message : 'internal error'),
  );
}).listen(PORT, '127.0.0.1');
