import type { EntityManager } from '@mikro-orm/core';
import type { Created, Status } from '../../common/record.embeddables';
import { readDate } from '../../db/read-model';
import type { Sharing } from './idp.entity';
import type { AssigneeType, Visibility } from './idp-enums';
import type { ConnectedTo } from './idp-task.entity';

/*
 * Read models of plans, tasks, notes and assignees: plain objects built from rows, carrying
 * exactly what the GraphQL types read from an entity, getters included (organizationId,
 * Idp.sharing, IdpTask.idpId). Reads serve these and skip the unit of work; changes keep entities
 * and return them, so every resolver of these types serves both. A field added to an entity's
 * GraphQL type must be added here too: test/idp-read-model.test.ts compares both on every field.
 */

export interface PlanView {
  id: string;
  organizationId: string;
  name: string;
  active: boolean;
  type: string;
  startDate: string;
  endDate: string | null;
  visibility: Visibility;
  sharing: Sharing;
  status: Status;
  created: Created;
  updatedAt: Date;
}

export interface TaskView {
  id: string;
  organizationId: string;
  idpId: string;
  name: string;
  active: boolean;
  description: string | null;
  dueDate: string | null;
  connectedTo: ConnectedTo | null;
  order: number;
  status: Status;
  created: Created;
  updatedAt: Date;
}

export interface NoteView {
  id: string;
  idpId: string;
  taskId: string | null;
  note: string;
  author: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface AssigneeView {
  idpId: string;
  taskId: string | null;
  entityId: string;
  entityType: AssigneeType;
  updatedAt: Date;
}

// The columns each view reads, and the rows they arrive as (dates as text, see readDate).

export const PLAN_COLUMNS =
  'id, organization_id, name, active, type, start_date, end_date, visibility, owner_id, status_current, status_changed_at, status_changed_by, created_at, created_by, updated_at';

export interface PlanRow {
  id: string;
  organization_id: string;
  name: string;
  active: boolean;
  type: string;
  start_date: string;
  end_date: string | null;
  visibility: Visibility;
  owner_id: string | null;
  status_current: string;
  status_changed_at: string;
  status_changed_by: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export const TASK_COLUMNS =
  'id, organization_id, idp_id, name, active, description, due_date, connected_entity_id, connected_type, connected_organization, "order", status_current, status_changed_at, status_changed_by, created_at, created_by, updated_at';

export interface TaskRow {
  id: string;
  organization_id: string;
  idp_id: string;
  name: string;
  active: boolean;
  description: string | null;
  due_date: string | null;
  connected_entity_id: string | null;
  connected_type: string | null;
  connected_organization: string | null;
  order: number;
  status_current: string;
  status_changed_at: string;
  status_changed_by: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export const NOTE_COLUMNS = 'id, idp_id, task_id, note, author, created_at, updated_at';

export interface NoteRow {
  id: string;
  idp_id: string;
  task_id: string | null;
  note: string;
  author: string;
  created_at: string;
  updated_at: string;
}

export const ASSIGNEE_COLUMNS = 'idp_id, task_id, entity_id, entity_type, updated_at';

export interface AssigneeRow {
  idp_id: string;
  task_id: string | null;
  entity_id: string;
  entity_type: AssigneeType;
  updated_at: string;
}

export function planView(em: EntityManager, r: PlanRow): PlanView {
  return {
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    active: r.active,
    type: r.type,
    startDate: r.start_date,
    endDate: r.end_date,
    visibility: r.visibility,
    sharing: { visibility: r.visibility, ownerId: r.owner_id },
    status: { current: r.status_current, changedAt: readDate(em, r.status_changed_at), changedBy: r.status_changed_by },
    created: { createdAt: readDate(em, r.created_at), createdBy: r.created_by },
    updatedAt: readDate(em, r.updated_at),
  };
}

export function taskView(em: EntityManager, r: TaskRow): TaskView {
  return {
    id: r.id,
    organizationId: r.organization_id,
    idpId: r.idp_id,
    name: r.name,
    active: r.active,
    description: r.description,
    dueDate: r.due_date,
    // The embeddable is null exactly when its columns are (they are written together).
    connectedTo:
      r.connected_entity_id === null
        ? null
        : {
            entityId: r.connected_entity_id,
            type: r.connected_type as string,
            organization: r.connected_organization as string,
          },
    order: r.order,
    status: { current: r.status_current, changedAt: readDate(em, r.status_changed_at), changedBy: r.status_changed_by },
    created: { createdAt: readDate(em, r.created_at), createdBy: r.created_by },
    updatedAt: readDate(em, r.updated_at),
  };
}

export function noteView(em: EntityManager, r: NoteRow): NoteView {
  return {
    id: r.id,
    idpId: r.idp_id,
    taskId: r.task_id,
    note: r.note,
    author: r.author,
    createdAt: readDate(em, r.created_at),
    updatedAt: readDate(em, r.updated_at),
  };
}

export function assigneeView(em: EntityManager, r: AssigneeRow): AssigneeView {
  return {
    idpId: r.idp_id,
    taskId: r.task_id,
    entityId: r.entity_id,
    entityType: r.entity_type,
    updatedAt: readDate(em, r.updated_at),
  };
}
