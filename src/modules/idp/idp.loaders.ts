import type { EntityManager } from '@mikro-orm/postgresql';
import { groupBy } from '../../common/loaders';
import { findByIds } from '../../db/tenant-filter';
import { IdpAssignee } from './idp-assignee.entity';
import { IdpNote } from './idp-note.entity';
import { IdpTask } from './idp-task.entity';

// Batch loads of the parts of plans and tasks: one query per relation for a whole list.

const TASK_ORDER = '"order", id';
const NOTE_ORDER = 'created_at, id';
const ASSIGNEE_ORDER = 'entity_type, entity_id';

export async function tasksByIdp(em: EntityManager, ids: readonly string[]): Promise<IdpTask[][]> {
  const tasks = await findByIds(em, IdpTask, 'idp_id', ids, TASK_ORDER);
  return groupBy(ids, tasks, (t) => t.idp.id);
}

/** Notes on the plans themselves (not on their tasks), for Idp.notes. */
export async function planNotes(em: EntityManager, ids: readonly string[]): Promise<IdpNote[][]> {
  const notes = await findByIds(em, IdpNote, 'idp_id', ids, NOTE_ORDER, 'task_id is null');
  return groupBy(ids, notes, (n) => n.idp.id);
}

export async function notesByTask(em: EntityManager, ids: readonly string[]): Promise<IdpNote[][]> {
  const notes = await findByIds(em, IdpNote, 'task_id', ids, NOTE_ORDER);
  return groupBy(ids, notes, (n) => n.task!.id);
}

export async function assigneesByTask(em: EntityManager, ids: readonly string[]): Promise<IdpAssignee[][]> {
  const rows = await findByIds(em, IdpAssignee, 'task_id', ids, ASSIGNEE_ORDER);
  return groupBy(ids, rows, (a) => a.task!.id);
}

export async function assigneesByIdp(em: EntityManager, ids: readonly string[]): Promise<IdpAssignee[][]> {
  const rows = await findByIds(em, IdpAssignee, 'idp_id', ids, ASSIGNEE_ORDER, 'task_id is null');
  return groupBy(ids, rows, (a) => a.idp.id);
}
