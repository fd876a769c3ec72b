import type { EntityManager } from '@mikro-orm/postgresql';
import { groupBy } from '../../common/loaders';
import { IdpAssignee } from './idp-assignee.entity';
import { IdpNote } from './idp-note.entity';
import { IdpTask } from './idp-task.entity';

// Batch loads of the parts of plans and tasks: one query per relation for a whole list.

export async function tasksByIdp(em: EntityManager, ids: readonly string[]): Promise<IdpTask[][]> {
  const tasks = await em.find(IdpTask, { idp: { $in: [...ids] } }, { orderBy: { order: 'asc', id: 'asc' } });
  return groupBy(ids, tasks, (t) => t.idp.id);
}


/** Notes on the plans themselves (not on their tasks), for Idp.notes. */
export async function planNotes(em: EntityManager, ids: readonly string[]): Promise<IdpNote[][]> {
  const notes = await em.find(IdpNote, { idp: { $in: [...ids] }, task: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return groupBy(ids, notes, (n) => n.idp.id);
}

export async function notesByTask(em: EntityManager, ids: readonly string[]): Promise<IdpNote[][]> {
  const notes = await em.find(IdpNote, { task: { $in: [...ids] } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return groupBy(ids, notes, (n) => n.task!.id);
}

export async function assigneesByTask(em: EntityManager, ids: readonly string[]): Promise<IdpAssignee[][]> {
  const rows = await em.find(IdpAssignee, { task: { $in: [...ids] } }, { orderBy: { entityType: 'asc', entityId: 'asc' } });
  return groupBy(ids, rows, (a) => a.task!.id);
}

export async function assigneesByIdp(em: EntityManager, ids: readonly string[]): Promise<IdpAssignee[][]> {
  const rows = await em.find(IdpAssignee, { idp: { $in: [...ids] }, task: null }, { orderBy: { entityType: 'asc', entityId: 'asc' } });
  return groupBy(ids, rows, (a) => a.idp.id);
}
