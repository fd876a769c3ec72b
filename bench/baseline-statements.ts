import { type Pool, types } from 'pg';
import { searchPage, type SearchBody } from './baseline-search';
import type { Answer, Baseline } from './baseline-server';

/**
 * The first raw baseline: the statements the service sends for each route (read off PostgreSQL's
 * statement log), the independent ones in parallel, rows turned into the same JSON in Node. A plan
 * or a page of plans is 9 statements (the caller's grants, the plans, then their tasks, notes,
 * assignees and mappings, then those of the tasks); a search is 2 (the caller, the page).
 */

// DATE columns as the text PostgreSQL sends (YYYY-MM-DD), as the service answers them.
types.setTypeParser(1082, (value) => value);

type Row = Record<string, unknown>;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const status = (r: Row) => ({
  current: r.status_current,
  changedAt: iso(r.status_changed_at),
  changedBy: r.status_changed_by,
});
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

export function statementsBaseline(pool: Pool, words: string): Baseline {
  const rows = async (sql: string, params: unknown[]): Promise<Row[]> => (await pool.query<Row>(sql, params)).rows;

  /** The caller's account and whether they are an ORG_ADMIN of the organization. */
  async function caller(subject: string, org: string): Promise<{ account?: unknown; admin: boolean }> {
    const grants = await rows(
      `select a.id, g.role from account a join "grant" g on g.account_id = a.id where a.subject = $1 and g.organization_id = $2`,
      [subject, org],
    );
    return { account: grants[0]?.id, admin: grants.some((g) => g.role === 'ORG_ADMIN') };
  }

  /** Plans as the service answers them, from their rows: 7 statements in two rounds. */
  async function plans(org: string, idps: Row[]): Promise<unknown[]> {
    const ids = idps.map((p) => p.id);
    const [tasks, notes, assignees, mappings] = await Promise.all([
      rows(`select * from idp_task where organization_id = $1 and idp_id = any($2) order by "order", id`, [org, ids]),
      rows(
        `select * from idp_note where organization_id = $1 and idp_id = any($2) and task_id is null order by created_at, id`,
        [org, ids],
      ),
      rows(
        `select * from idp_assignee where organization_id = $1 and idp_id = any($2) and task_id is null order by entity_type, entity_id`,
        [org, ids],
      ),
      rows(
        `select * from mapping where organization_id = $1 and entity_type = 'IDP' and entity_id = any($2) order by namespace, mapped_id, id`,
        [org, ids],
      ),
    ]);
    const taskIds = tasks.map((t) => t.id);
    const [taskNotes, taskAssignees, taskMappings] = await Promise.all([
      rows(`select * from idp_note where organization_id = $1 and task_id = any($2) order by created_at, id`, [
        org,
        taskIds,
      ]),
      rows(
        `select * from idp_assignee where organization_id = $1 and task_id = any($2) order by entity_type, entity_id`,
        [org, taskIds],
      ),
      rows(
        `select * from mapping where organization_id = $1 and entity_type = 'IDP_TASK' and entity_id = any($2) order by namespace, mapped_id, id`,
        [org, taskIds],
      ),
    ]);
    const by = (list: Row[], key: string) => {
      const groups = new Map<unknown, Row[]>();
      for (const r of list) {
        const group = groups.get(r[key]);
        if (group) group.push(r);
        else groups.set(r[key], [r]);
      }
      return (id: unknown) => groups.get(id) ?? [];
    };
    const [tasksOf, notesOf, assigneesOf, mappingsOf] = [
      by(tasks, 'idp_id'),
      by(notes, 'idp_id'),
      by(assignees, 'idp_id'),
      by(mappings, 'entity_id'),
    ];
    const [taskNotesOf, taskAssigneesOf, taskMappingsOf] = [
      by(taskNotes, 'task_id'),
      by(taskAssignees, 'task_id'),
      by(taskMappings, 'entity_id'),
    ];
    return idps.map((idp) => ({
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
      tasks: tasksOf(idp.id).map((t) => ({
        id: t.id,
        organization: t.organization_id,
        idp: t.idp_id,
        name: t.name,
        active: t.active,
        description: t.description,
        dueDate: t.due_date,
        connectedTo: t.connected_type
          ? { type: t.connected_type, entityId: t.connected_entity_id, organization: t.connected_organization }
          : null,
        order: t.order,
        status: status(t),
        created: created(t),
        notes: taskNotesOf(t.id).map(note),
        assignees: taskAssigneesOf(t.id).map(assignee),
        mappings: taskMappingsOf(t.id).map(mapping),
      })),
      notes: notesOf(idp.id).map(note),
      assignees: assigneesOf(idp.id).map(assignee),
      mappings: mappingsOf(idp.id).map(mapping),
    }));
  }

  const json = (code: number, body: unknown): Answer => [code, JSON.stringify(body)];

  return {
    async plan(subject, org, id) {
      if (!(await caller(subject, org)).admin) return json(403, 'the baseline serves ORG_ADMINs only');
      const idp = await rows(`select * from idp where organization_id = $1 and id = $2 limit 1`, [org, id]);
      return idp.length ? json(200, (await plans(org, idp))[0]) : json(404, 'IDP not found');
    },
    async plans(subject, org, limit) {
      if (!(await caller(subject, org)).admin) return json(403, 'the baseline serves ORG_ADMINs only');
      return json(
        200,
        await plans(
          org,
          await rows(`select * from idp where organization_id = $1 order by name, id limit $2`, [org, limit]),
        ),
      );
    },
    async search(subject, org, input: SearchBody) {
      const { account } = await caller(subject, org);
      const page = await rows(
        `with ${searchPage(words, '$1')} select page.type, page.id, page.conversation_id, page."timestamp", snippets.result
        from page join snippets on snippets.body = page.body order by page.rank desc, page."timestamp" desc, page.id`,
        [account, org, input.query, input.count, input.page * input.count],
      );
      return json(
        200,
        page.map((r) => ({
          id: r.id,
          conversationId: r.conversation_id,
          result: r.result,
          timestamp: iso(r.timestamp),
          type: r.type,
        })),
      );
    },
  };
}
