import { type EntityManager, raw } from '@mikro-orm/postgresql';
import { Employee } from '../../employee/employee.entity';
import { foldedSql, foldName } from '../../../common/fold-name';
import type { Plan } from './plan-request';

/** The most people of one name listed when asking which one is meant. */
const MAX_CANDIDATES = 5;

/**
 * A plan whose recipient was named ("email Tom", "to Maria Santos", "my manager") with notifyTo
 * set to that employee's e-mail from the organization's directory, read through the request's
 * entity manager so the tenancy filter keeps other organizations' people out. When nobody or
 * several people match, or the one found has no address, the plan asks (never sends to the asker
 * instead).
 */
export async function withRecipient(em: EntityManager, plan: Plan, accountId: string): Promise<Plan> {
  const name = plan.recipient;
  if (!name || plan.notifyTo) return plan;
  // "my manager's manager": one level up for each manager said.
  const levels = (name.match(/\b(?:manager|boss)\b/g) ?? []).length;
  const found = /^my /.test(name) ? await managerOf(em, accountId, levels) : await named(em, name);
  const ask = (what: string): Plan => ({ ...plan, missing: [...plan.missing, what] });
  if (found.length === 0)
    return ask(
      /^my /.test(name)
        ? `who ${name.replace(/^my/, 'your')} is: the directory names no manager for you (give an e-mail address)`
        : `who “${name}” is: nobody of that name is in the directory (give a full name or an e-mail address)`,
    );
  if (found.length > 1)
    return ask(
      `which “${name}” you mean: ${found
        .slice(0, MAX_CANDIDATES)
        .map((e) => e.name)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}`,
    );
  const [person] = found;
  if (!person.email) return ask(`the e-mail address of ${person.name}: the directory has none`);
  return { ...plan, notifyTo: person.email };
}

/**
 * Active employees whose full name is the name said (case and accents aside), else whose first
 * words are, else whose last words are, else whose middle words are: a name written family name
 * first ("Huỳnh Thị Mai") is called by its last word ("Mai"), one after a title ("Ratu Isikeli
 * Nawaqa") by its middle one, and someone may be called by their family name alone.
 */
async function named(em: EntityManager, name: string): Promise<Employee[]> {
  const literal = foldName(name).replace(/[\\%_]/g, '\\$&');
  // In order of preference, one statement each until one finds someone (a name is said rarely, so
  // up to four short statements cost less than sorting every kind of match in one).
  for (const pattern of [literal, `${literal} %`, `% ${literal}`, `% ${literal} %`]) {
    const found = await em.find(
      Employee,
      { active: true, [raw((alias: string) => foldedSql(`${alias}.name`))]: { $like: pattern } },
      { orderBy: { name: 'asc' }, limit: MAX_CANDIDATES + 1 },
    );
    if (found.length) return found;
  }
  return [];
}

/** The manager of the asker's own employee record, or that manager's, `levels` up (one query per level: two at most). */
async function managerOf(em: EntityManager, accountId: string, levels: number): Promise<Employee[]> {
  let person = await em.findOne(Employee, { account: accountId, active: true }, { populate: ['manager'] });
  for (let level = 0; person && level < levels; level++) {
    const up = person.manager?.getEntity();
    person = up ? await em.findOne(Employee, { id: up.id }, { populate: ['manager'] }) : null;
  }
  return person?.active && levels > 0 ? [person] : [];
}
