import type { EntityManager } from '@mikro-orm/postgresql';
import { groupBy } from '../../common/loaders';
import { oneEach } from '../../db/read-model';
import { rowsByIds, rowsTogether } from '../../db/tenant-filter';
import {
  ASSIGNEE_COLUMNS,
  type AssigneeRow,
  type AssigneeView,
  assigneeView,
  NOTE_COLUMNS,
  type NoteRow,
  type NoteView,
  noteView,
  PLAN_COLUMNS,
  type PlanRow,
  type PlanView,
  planView,
  TASK_COLUMNS,
  type TaskRow,
  type TaskView,
  taskView,
} from './idp.read-model';

// Batch loads of plans and their parts, as read models (idp.read-model.ts), through ctx.loaders:
// one statement for the plans of a request, one for all of their parts.

export async function plansById(em: EntityManager, ids: readonly string[]): Promise<(PlanView | undefined)[]> {
  const rows = await rowsByIds<PlanRow>(em, 'idp', PLAN_COLUMNS, 'id', ids, 'id');
  return oneEach(
    ids,
    rows.map((r) => planView(em, r)),
    (p) => p.id,
  );
}

/** Tasks by id, as read models, with no regard to who may read their plans (see taskIfReadable). */
export async function tasksById(em: EntityManager, ids: readonly string[]): Promise<(TaskView | undefined)[]> {
  const rows = await rowsByIds<TaskRow>(em, 'idp_task', TASK_COLUMNS, 'id', ids, 'id');
  return oneEach(
    ids,
    rows.map((r) => taskView(em, r)),
    (t) => t.id,
  );
}

/** What a plan is made of besides its own row, with its tasks' notes and assignees at hand. */
export interface PlanParts {
  /** In order. */
  tasks: TaskView[];
  /** Notes on the plan itself, oldest first. */
  notes: NoteView[];
  /** Assignees of the plan itself. */
  assignees: AssigneeView[];
  /** By task id; a task without any has no entry. */
  taskNotes: Map<string, NoteView[]>;
  taskAssignees: Map<string, AssigneeView[]>;
}

/**
 * The tasks, notes and assignees of plans in one statement: a plan read with its tasks, or a list of
 * 100, costs one round trip for all five relations (reading a task's notes without them is rare,
 * and a plan's parts are few).
 */
export async function planParts(em: EntityManager, ids: readonly string[]): Promise<PlanParts[]> {
  const [tasks, notes, assignees] = await rowsTogether(em, [
    { table: 'idp_task', columns: TASK_COLUMNS, column: 'idp_id', ids, orderBy: '"order", id' },
    { table: 'idp_note', columns: NOTE_COLUMNS, column: 'idp_id', ids, orderBy: 'created_at, id' },
    { table: 'idp_assignee', columns: ASSIGNEE_COLUMNS, column: 'idp_id', ids, orderBy: 'entity_type, entity_id' },
  ]);
  const tasksOf = groupBy(
    ids,
    (tasks as TaskRow[]).map((r) => taskView(em, r)),
    (t) => t.idpId,
  );
  const notesOf = groupBy(
    ids,
    (notes as NoteRow[]).map((r) => noteView(em, r)),
    (n) => n.idpId,
  );
  const assigneesOf = groupBy(
    ids,
    (assignees as AssigneeRow[]).map((r) => assigneeView(em, r)),
    (a) => a.idpId,
  );
  return ids.map((_, i) => ({
    tasks: tasksOf[i],
    notes: notesOf[i].filter((n) => n.taskId === null),
    assignees: assigneesOf[i].filter((a) => a.taskId === null),
    taskNotes: byTask(notesOf[i]),
    taskAssignees: byTask(assigneesOf[i]),
  }));
}

function byTask<V extends { taskId: string | null }>(rows: V[]): Map<string, V[]> {
  const map = new Map<string, V[]>();
  for (const row of rows) {
    if (row.taskId === null) continue;
    const list = map.get(row.taskId);
    if (list) list.push(row);
    else map.set(row.taskId, [row]);
  }
  return map;
}
