import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../graphql/errors';
import { Grant } from '../account/grant.entity';
import { Employee } from '../employee/employee.entity';
import { Group } from '../group/group.entity';
import type { Idp } from './idp.entity';
import { IdpAssignee } from './idp-assignee.entity';
import { AssigneeType } from './idp-enums';
import type { AssigneeInput } from './idp.inputs';
import type { IdpTask } from './idp-task.entity';

const NAMED: Record<AssigneeType, string> = { EMPLOYEE: 'an employee', GROUP: 'a group', ACCOUNT: 'an account' };

/**
 * Checks that every assignee exists in the current organization, one query per entity type. The
 * look-ups go through the tenant filter, so another organization's ids are refused like unknown ones.
 */
async function checkAssignees(em: EntityManager, assignees: AssigneeInput[]): Promise<void> {
  const ids = (type: AssigneeType) => [
    ...new Set(assignees.filter((a) => a.entityType === type).map((a) => a.entityId)),
  ];
  const found = new Set<string>();
  const employees = ids(AssigneeType.EMPLOYEE);
  if (employees.length)
    for (const e of await em.find(Employee, { id: { $in: employees } }, { fields: ['id'] }))
      found.add(`${AssigneeType.EMPLOYEE}:${e.id}`);
  const groups = ids(AssigneeType.GROUP);
  if (groups.length)
    for (const g of await em.find(Group, { id: { $in: groups } }, { fields: ['id'] }))
      found.add(`${AssigneeType.GROUP}:${g.id}`);
  const accounts = ids(AssigneeType.ACCOUNT);
  if (accounts.length)
    for (const g of await em.find(Grant, { account: { $in: accounts } }))
      found.add(`${AssigneeType.ACCOUNT}:${g.account.id}`);
  assignees.forEach((a, index) => {
    if (!found.has(`${a.entityType}:${a.entityId}`))
      throw badInput(`assignees.${index}.entityId must be ${NAMED[a.entityType]} of the organization`);
  });
}

/** Replaces the assignees of a plan (task null) or of one of its tasks, inside the caller's transaction. */
export async function replaceAssignees(
  em: EntityManager,
  plan: Idp,
  task: IdpTask | null,
  assignees: AssigneeInput[],
): Promise<void> {
  await checkAssignees(em, assignees);
  // Removed through the unit of work (not a bulk delete) so that change capture sees them.
  em.remove(await em.find(IdpAssignee, { idp: plan.id, task: task ? task.id : null }));
  const unique = new Map(assignees.map((a) => [`${a.entityType}:${a.entityId}`, a]));
  for (const a of unique.values()) {
    em.create(IdpAssignee, {
      organization: plan.organization,
      idp: plan,
      task,
      entityId: a.entityId,
      entityType: a.entityType,
    });
  }
}
