import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER, type TenantParams } from '../../../db/tenant-filter';
import { foldName } from '../../../common/fold-name';

/**
 * The directory's records a query needs, each read in one statement, so that a question costs the
 * same few statements at 10 employees and at 10,000 (none loads the whole organization). Plain SQL
 * limited to the tenant filter's organization, as rowsByIds (db/tenant-filter.ts) draws that wall;
 * manager links and group members never leave an organization, so a chain or a membership read
 * from an employee of it stays in it. `em.execute` runs in the request's transaction.
 */

/** What a person is known by to the directory's reader. */
export interface LexPerson {
  id: string;
  name: string;
  title: string | null;
  department: string | null;
  location: string | null;
  email: string | null;
  startDate: string | null;
  managerId: string | null;
  active: boolean;
  /** The groups they are a member of (read only by peopleNamed). */
  groupIds?: string[];
}

/** The first people of a list, by name, and how many the whole list holds. */
export interface Page {
  total: number;
  people: LexPerson[];
}

/** The most people a page holds (an answer names at most this many). */
export const PAGE = 20;

/** The deepest chain of managers followed (links are refused when they would loop; this bounds a bad row). */
const MAX_DEPTH = 1000;

/** An employee's columns as a LexPerson's fields. */
const COLUMNS = `e.id, e.name, e.title, e.department, e.location, e.email,
  to_char(e.start_date, 'YYYY-MM-DD') as "startDate", e.manager_id as "managerId", e.active`;

/** What separates the words of a name: as NAME_SEPARATORS_SQL splits the stored name_words. */
const SEPARATORS = /[\s!-/:-@[-`{-~’‘]+/;

/** The words of a text as names are matched in SQL: folded (lower case, no accents), split at spaces and punctuation. */
export function splitWords(text: string): string[] {
  return foldName(text).split(SEPARATORS).filter(Boolean);
}

/** A row as a person, without the column its statement added (a count, a flag, where a chain starts). */
function person(row: LexPerson, extra: string): LexPerson {
  const copy: Record<string, unknown> = { ...row };
  delete copy[extra];
  return copy as unknown as LexPerson;
}

function organizationOf(em: EntityManager): string | null {
  return (em.getFilterParams<TenantParams>(TENANT_FILTER) as TenantParams | undefined)?.organization ?? null;
}

/** `array[?, ?, …]` for a non-empty list (the driver expands a list parameter into its items). */
const textArray = `array[?]::text[]`;

/**
 * The organization's distinct departments, locations and titles, sorted (so the same values are one
 * index, valueIndex), and the words of its own name and alias ("halic", "acoustics": a question may
 * name its company, "when did Noah start at Halic", without asking anything of it). One statement.
 */
export async function distinctValues(
  em: EntityManager,
): Promise<{ values: { department: string[]; location: string[]; title: string[] }; organization: string[] }> {
  const values = { department: [] as string[], location: [] as string[], title: [] as string[] };
  const org = organizationOf(em);
  if (!org) return { values, organization: [] };
  const part = (column: string) =>
    `select '${column}' as kind, ${column} as value from employee where organization_id = ? and ${column} is not null group by ${column}`;
  const rows = await em.execute<{ kind: keyof typeof values | 'organization'; value: string }[]>(
    `${part('department')} union all ${part('location')} union all ${part('title')}
     union all select 'organization', name || ' ' || replace(replace(alias, '-', ' '), '_', ' ') from organization where id = ?
     order by kind, value`,
    [org, org, org, org],
  );
  let organization: string[] = [];
  for (const r of rows)
    if (r.kind === 'organization') organization = [...new Set(splitWords(r.value))];
    else values[r.kind].push(r.value);
  return { values, organization };
}

/**
 * The distinct words of employees' names that may be misspellings of `words`: the same first
 * letter and a length within 2 (an edit distance of 2 at most moves a length by 2). The caller
 * measures the distance; this keeps what it measures small. Read from the stored words, so no name
 * is split or folded per question.
 */
export async function nameWordsLike(em: EntityManager, words: readonly string[]): Promise<string[]> {
  const org = organizationOf(em);
  if (!org || words.length === 0) return [];
  const rows = await em.execute<{ w: string }[]>(
    `select distinct w from employee e, unnest(e.name_words) w
     where e.organization_id = ? and exists (
       select 1 from unnest(${textArray}) q where left(w, 1) = left(q, 1) and abs(length(w) - length(q)) <= 2)`,
    [org, [...words]],
  );
  return rows.map((r) => r.w);
}

/**
 * The most people a question's name words load, those holding most of its words first: a word
 * such as "Lee" may be the name of hundreds, and each loaded person is indexed per question.
 */
export const MAX_NAMED = 200;

/**
 * The employees (active or not) with a word of their name among `words` (at most MAX_NAMED), the
 * one linked to `account`, and the first active holders of `titles` (a role the question names),
 * each with the ids of their groups (so "is X in <group>" needs no other statement). Names are
 * matched on their stored words through a GIN index (NAME_WORDS), so the cost follows the matches,
 * not the organization's size.
 */
export async function peopleNamed(
  em: EntityManager,
  words: readonly string[],
  account?: string,
  titles: readonly string[] = [],
): Promise<{ people: LexPerson[]; self: LexPerson | null }> {
  const org = organizationOf(em);
  if (!org || (words.length === 0 && !account && titles.length === 0)) return { people: [], self: null };
  const columns = `${COLUMNS}, coalesce(e.account_id = ?, false) as self,
    array(select m.group_id from group_member m where m.employee_id = e.id) as "groupIds"`;
  const parts: { sql: string; params: unknown[] }[] = [];
  if (words.length)
    parts.push({
      sql: `select ${columns} from employee e where e.organization_id = ? and e.name_words && ${textArray}
        order by (select count(*) from unnest(e.name_words) w where w = any(${textArray})) desc, e.name, e.id
        limit ${MAX_NAMED}`,
      params: [account ?? null, org, [...words], [...words]],
    });
  if (account)
    parts.push({
      sql: `select ${columns} from employee e where e.organization_id = ? and e.account_id = ?`,
      params: [account, org, account],
    });
  // A role's holders are a page at most (a title such as "Engineer" may be held by thousands).
  if (titles.length)
    parts.push({
      sql: `select ${columns} from employee e
        where e.id in (select id from employee where organization_id = ? and active and title = any(${textArray})
          order by name, id limit ${PAGE + 1})`,
      params: [account ?? null, org, [...titles]],
    });
  const rows = await em.execute<(LexPerson & { self: boolean })[]>(
    `select * from (${parts.map((p) => `(${p.sql})`).join(' union ')}) p order by p.name, p.id`,
    parts.flatMap((p) => p.params),
  );
  const self = rows.find((r) => r.self);
  return { people: rows.map((r) => person(r, 'self')), self: self ? person(self, 'self') : null };
}

/**
 * The folded full and first names (of one word, and of two when the name has three or more) of the active employees with a word of their name among
 * `words` (at most MAX_NAMED of them): the names a request may address by ("email eilidh …").
 */
export async function namesAmong(em: EntityManager, words: readonly string[]): Promise<Set<string>> {
  const org = organizationOf(em);
  const names = new Set<string>();
  if (!org || words.length === 0) return names;
  const rows = await em.execute<{ name: string }[]>(
    `select e.name from employee e where e.organization_id = ? and e.active and e.name_words && ${textArray}
     limit ${MAX_NAMED}`,
    [org, [...words]],
  );
  for (const { name } of rows) {
    const folded = foldName(name).split(/\s+/).filter(Boolean);
    names.add(folded.join(' '));
    names.add(folded[0]);
    // A first name of two words ("Jorge Iván Restrepo", "Tor Eirik Vik"): "email tor eirik the list".
    if (folded.length > 2) names.add(folded.slice(0, 2).join(' '));
    // A name written family name first ("Huỳnh Thị Mai", "Đoàn Thị Phương Anh"), called by its last
    // word or two: "send Mai the rejected lots", "email Phương Anh the visits". The recipient's
    // lookup still asks when several people answer to it.
    if (folded.length > 1) names.add(folded[folded.length - 1]);
    if (folded.length > 2) names.add(folded.slice(-2).join(' '));
  }
  return names;
}

/** Conditions on active employees, by the organization's own values (any of a list: "Aberdeen and Batam"). */
export interface EmployeeFilter {
  department?: string | readonly string[];
  location?: string | readonly string[];
  title?: string | readonly string[];
  manager?: string;
  /** Someone left out ("besides me"): their id. */
  notId?: string;
  /** Values the employees must not have ("outside Sapporo"). */
  except?: { department?: string; location?: string; title?: string };
  /** Start date on or after `from` and before `to` (either may be absent). */
  startFrom?: string;
  startBefore?: string;
  /** Ordered by start date, the latest joiner first or the earliest (only people with one). */
  order?: 'newest' | 'longest';
}

/** Active employees matching the filter: the first PAGE by name, and how many match. */
export async function employeesWhere(em: EntityManager, filter: EmployeeFilter): Promise<Page> {
  const org = organizationOf(em);
  if (!org) return { total: 0, people: [] };
  const conditions = ['e.organization_id = ?', 'e.active'];
  const params: unknown[] = [org];
  const add = (sql: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(sql);
    params.push(value);
  };
  const addAny = (column: string, value: string | readonly string[] | undefined) => {
    if (typeof value === 'string' || value === undefined) return add(`${column} = ?`, value);
    conditions.push(`${column} = any(${textArray})`);
    params.push([...value]);
  };
  addAny('e.department', filter.department);
  addAny('e.location', filter.location);
  addAny('e.title', filter.title);
  add('e.manager_id = ?', filter.manager);
  // Someone without a value is not in it either: "outside Sapporo" includes those with no location.
  add('e.department is distinct from ?', filter.except?.department);
  add('e.location is distinct from ?', filter.except?.location);
  add('e.title is distinct from ?', filter.except?.title);
  add('e.id <> ?', filter.notId);
  add('e.start_date >= ?', filter.startFrom);
  add('e.start_date < ?', filter.startBefore);
  if (filter.order) conditions.push('e.start_date is not null');
  return page(
    em,
    `select ${COLUMNS}, count(*) over () as total from employee e where ${conditions.join(' and ')}`,
    [...params],
    filter.order && TENURE_ORDER[filter.order],
  );
}

/**
 * Each value of a field (location or department) with how many active employees hold it, most first
 * (ties by value): one grouped statement, whatever the organization's size.
 */
export async function countsBy(
  em: EntityManager,
  field: 'location' | 'department',
): Promise<{ value: string; count: number }[]> {
  const org = organizationOf(em);
  if (!org) return [];
  const column = field === 'location' ? 'e.location' : 'e.department';
  const rows = await em.execute<{ value: string; count: string | number }[]>(
    `select ${column} as value, count(*) as count from employee e
     where e.organization_id = ? and e.active and ${column} is not null
     group by ${column} order by count(*) desc, ${column}`,
    [org],
  );
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/** The orders by start date a filter may ask for: who joined last, or first. */
const TENURE_ORDER = { newest: 'e.start_date desc', longest: 'e.start_date asc' } as const;

/** Everyone below someone, directly or through their managers (active people, each once), of `titles` when given. */
export async function everyoneBelow(em: EntityManager, id: string, titles?: readonly string[]): Promise<Page> {
  const org = organizationOf(em);
  if (!org) return { total: 0, people: [] };
  const titled = titles?.length ? ` and e.title = any(${textArray})` : '';
  // `union` (not `union all`) drops a row already found, so a bad loop of links ends.
  return page(
    em,
    `with recursive below(id) as (
       select id from employee where organization_id = ? and manager_id = ? and active
       union
       select e.id from employee e join below b on e.manager_id = b.id where e.organization_id = ? and e.active
     ) select ${COLUMNS}, count(*) over () as total from employee e where e.id in (select id from below)${titled}`,
    titles?.length ? [org, id, org, [...titles]] : [org, id, org],
  );
}

async function page(em: EntityManager, sql: string, params: unknown[], first?: string): Promise<Page> {
  const rows = await em.execute<(LexPerson & { total: string | number })[]>(
    `${sql} order by ${first ? `${first}, ` : ''}e.name, e.id limit ${PAGE}`,
    params,
  );
  return { total: rows.length ? Number(rows[0].total) : 0, people: rows.map((r) => person(r, 'total')) };
}

/** The managers above each of `ids`, nearest first, at most `depth` up. */
export async function managersAbove(
  em: EntityManager,
  ids: readonly string[],
  depth = MAX_DEPTH,
): Promise<Map<string, LexPerson[]>> {
  const chains = new Map(ids.map((id) => [id, [] as LexPerson[]]));
  const org = organizationOf(em);
  if (!org || ids.length === 0) return chains;
  const rows = await em.execute<(LexPerson & { start: string })[]>(
    `with recursive up(start, id, depth) as (
       select e.id, e.manager_id, 1 from employee e
       where e.organization_id = ? and e.id in (?) and e.manager_id is not null
       union all
       select u.start, e.manager_id, u.depth + 1 from up u join employee e on e.id = u.id
       where e.organization_id = ? and e.manager_id is not null and u.depth < ?
     ) select u.start, ${COLUMNS} from up u join employee e on e.id = u.id
     where e.organization_id = ? order by u.start, u.depth`,
    [org, [...ids], org, Math.min(depth, MAX_DEPTH), org],
  );
  for (const r of rows) chains.get(r.start)?.push(person(r, 'start'));
  return chains;
}

/** A group's members, by name. */
export async function groupMembers(em: EntityManager, groupId: string): Promise<LexPerson[]> {
  const org = organizationOf(em);
  if (!org) return [];
  const rows = await em.execute<LexPerson[]>(
    `select ${COLUMNS} from employee e join group_member m on m.employee_id = e.id
     where m.group_id = ? and e.organization_id = ? order by e.name, e.id`,
    [groupId, org],
  );
  return rows;
}

/** A department's heads: its active people whose manager is outside it (or who have none). */
export async function departmentHeads(em: EntityManager, department: string): Promise<Page> {
  const org = organizationOf(em);
  if (!org) return { total: 0, people: [] };
  return page(
    em,
    `select ${COLUMNS}, count(*) over () as total from employee e
     left join employee m on m.id = e.manager_id and m.organization_id = e.organization_id
     where e.organization_id = ? and e.active and e.department = ? and m.department is distinct from e.department`,
    [org, department],
  );
}
