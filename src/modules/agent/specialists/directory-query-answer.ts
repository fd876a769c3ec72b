import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContentSource } from '../agent.types';
import { AnswerConfidence } from '../answer-confidence';
import type { Briefing } from '../llm/engine';
import { Employee } from '../../employee/employee.entity';
import { GroupMember } from '../../group/group-member.entity';
import type { PersonIntent } from './directory-intents';
import type { LexGroup, LexPerson, Mention } from './directory-lexicon';
import type { Attribute, DirectoryQuery, Filters, ReadLexicon } from './directory-query';
import {
  type EmployeeFilter,
  employeesWhere,
  countsBy,
  departmentHeads,
  everyoneBelow,
  groupMembers,
  managersAbove,
  MAX_NAMED,
  PAGE,
  type Page,
  peopleNamed,
  splitWords,
} from './directory-records';

/**
 * Answers a directory query from the records it needs (directory-records.ts: a few statements
 * limited to the caller's organization, never the whole organization loaded), exactly, citing
 * each record. What
 * the older intents already word (someone's title, location, team, groups, a group's members) is
 * worded by them, so that one question gets one wording whichever reader read it.
 */

/** The wordings of the directory specialist that a query reuses. */
export interface Wordings {
  about(intent: PersonIntent, person: Employee): Promise<Briefing>;
  members(groupId: string): Promise<Briefing>;
}

/** The most managers a chain climbs ("manager's manager's …"). */
const MAX_LEVELS = 5;

const personSource = (p: { id: string; name: string }): ContentSource => ({
  name: p.name,
  type: 'employee',
  url: `/api/v1/employee/${p.id}`,
});
const groupSource = (g: LexGroup): ContentSource => ({ name: g.name, type: 'group', url: `/api/v1/group/${g.id}` });

const answered = (text: string, sources: ContentSource[]): Briefing => ({
  style: 'facts',
  passages: [{ text, source: sources[0] }],
  cited: sources.slice(1),
  confidence: AnswerConfidence.ANSWERED,
});
/** An answer that is "I don't know", still citing what it looked at. */
const unknownAnswer = (text: string, sources: ContentSource[]): Briefing => ({
  ...answered(text, sources),
  confidence: AnswerConfidence.UNKNOWN,
});

/** The names of a list (or of a page's first people, with how many more the page counted). */
const names = (list: LexPerson[] | Page) => {
  const { people, total } = Array.isArray(list) ? { people: list, total: list.length } : list;
  const shown = people.slice(0, PAGE).map((p) => p.name);
  const more = total - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function answerQuery(
  em: EntityManager,
  asked: DirectoryQuery,
  { lexicon }: ReadLexicon,
  wordings: Wordings,
): Promise<Briefing> {
  const byId = new Map(lexicon.people.map((p) => [p.id, p]));
  const query = await managerMeant(em, asked, byId);
  if ('style' in query) return query;
  const reportsOf = (id: string, title?: readonly string[]) => employeesWhere(em, { manager: id, title });
  const one = (m: Mention): LexPerson | Briefing => {
    const matches = m.ids.map((id) => byId.get(id)!).filter(Boolean);
    if (matches.length === 1) return matches[0];
    if (m.role) return roleAnswer(m.value, m.role, matches);
    // Said as an answer, as a role's holders are: who matches is known, the asker chooses.
    const shown = matches.slice(0, PAGE);
    // At MAX_NAMED the lexicon was cut (directory-records.ts): more may match than were loaded.
    const list =
      matches.length >= MAX_NAMED
        ? `${shown.map((p) => p.name).join(', ')} and at least ${matches.length - shown.length} more`
        : names(matches);
    return answered(`Several people match “${m.value}”: ${list}. Which one do you mean?`, shown.map(personSource));
  };
  const entity = (p: LexPerson) => em.findOneOrFail(Employee, p.id);

  switch (query.kind) {
    case 'unknownPerson':
      return {
        style: 'facts',
        passages: [],
        unknown: `I don’t know anyone called “${query.name}” in the directory.`,
        notFound: query.name,
        confidence: AnswerConfidence.UNKNOWN,
      };
    case 'unlinked':
      // Said from the directory, not passed on: no other source knows who the asker is.
      return unknownAnswer('I don’t know: your account is not linked to an employee record in this organization.', [
        DIRECTORY,
      ]);
    case 'missing': {
      const p = query.person && one(query.person);
      const text = `I don’t know: the directory does not hold ${query.field}.`;
      if (p && 'id' in p) return unknownAnswer(`${text} It holds ${p.name}’s ${HELD}.`, [personSource(p)]);
      return unknownAnswer(`${text} It holds each person’s ${HELD}.`, [DIRECTORY]);
    }
    case 'employees': {
      const found = await employeesWhere(em, employeeFilter(query.filters));
      const what = describeFilters(query.filters);
      const sources = found.total ? found.people.map(personSource) : [DIRECTORY];
      if (query.operation === 'count')
        return answered(
          `${plural(found.total, 'active employee', 'active employees')} ${what}${await eachCounted(em, query.filters)}${found.total ? `: ${names(found)}` : ''}.`,
          sources,
        );
      if (!found.total) return answered(`No active employee ${what.replace(/^works?/, 'works')}.`, sources);
      const verb = found.total === 1 ? what.replace(/^work\b/, 'works') : what;
      return answered(`${plural(found.total, 'person', 'people')} ${verb}: ${names(found)}.`, sources);
    }
    case 'reports': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      const titles = query.titled?.titles;
      const below = query.all ? await everyoneBelow(em, p.id, titles) : await reportsOf(p.id, titles);
      if (query.titled) return titledReports(p, query.titled.word, query.all, below);
      if (!below.total) return answered(`Nobody reports to ${p.name}.`, [personSource(p)]);
      const sources = [personSource(p), ...below.people.map(personSource)];
      if (query.all)
        return answered(
          `${plural(below.total, 'person', 'people')} ${below.total === 1 ? 'reports' : 'report'} to ${p.name}, directly or through their managers: ${names(below)}.`,
          sources,
        );
      return answered(
        `${plural(below.total, 'person reports', 'people report')} to ${p.name}: ${names(below)}.`,
        sources,
      );
    }
    case 'team': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      if (query.operation === 'count') {
        const team = await reportsOf(p.id);
        if (team.total)
          return answered(
            `${p.name}’s team has ${plural(team.total, 'person', 'people')} reporting to ${p.name}: ${names(team)}.`,
            [personSource(p), ...team.people.map(personSource)],
          );
      }
      return wordings.about('teamOf', await entity(p));
    }
    case 'peers': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      if (!p.managerId)
        return answered(`${p.name} has no manager in the directory, so no teammates under one.`, [personSource(p)]);
      const team = await reportsOf(p.managerId);
      const peers = team.people.filter((o) => o.id !== p.id);
      const total = team.total - (team.people.some((o) => o.id === p.id) ? 1 : 0);
      const manager = (await managersAbove(em, [p.id], 1)).get(p.id)?.[0];
      const under = manager ? ` under ${manager.name}` : '';
      const sources = [personSource(p), ...(manager ? [personSource(manager)] : []), ...peers.map(personSource)];
      if (!total)
        return answered(`Nobody else reports to ${manager?.name ?? 'the same manager'} than ${p.name}.`, sources);
      return answered(
        `${plural(total, 'person shares', 'people share')} ${p.name}’s manager${under}: ${names({ total, people: peers })}.`,
        sources,
      );
    }
    case 'head': {
      const heads = await departmentHeads(em, query.department);
      const sources = heads.people.map(personSource);
      if (heads.total === 1) {
        const [h] = heads.people;
        return answered(
          `${h.name}${h.title ? ` (${h.title})` : ''} heads ${query.department}: the most senior person there, whose manager is outside it.`,
          sources,
        );
      }
      if (!heads.total) return unknownAnswer(`I don’t know: nobody active works in ${query.department}.`, [DIRECTORY]);
      return answered(
        `${query.department} has no single head in the directory; its most senior people, whose managers are outside it, are ${names(heads)}.`,
        sources,
      );
    }
    case 'manager': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      if (query.levels > MAX_LEVELS)
        return unknownAnswer(`I don’t know: the directory reads at most ${MAX_LEVELS} managers up.`, [personSource(p)]);
      const above = (await managersAbove(em, [p.id], query.levels)).get(p.id) ?? [];
      const chain = [p];
      for (let i = 0; i < query.levels; i++) {
        const next = above[i];
        if (!next) {
          if (query.levels === 1) return answered(`${p.name} has no manager in the directory.`, [personSource(p)]);
          return unknownAnswer(
            `I don’t know: ${chain[chain.length - 1].name} has no manager in the directory${chain.length > 1 ? ` (${chain.map((c) => c.name).join(' reports to ')})` : ''}.`,
            chain.map(personSource),
          );
        }
        chain.push(next);
      }
      const top = chain[chain.length - 1];
      const below = chain[chain.length - 2];
      const path = chain.length > 2 ? ` (${chain.map((c) => c.name).join(' → ')})` : '';
      return answered(`${below.name} reports to ${top.title ? `${top.name} (${top.title})` : top.name}.${path}`, [
        ...chain.slice(0, -1).map(personSource),
        personSource(top),
      ]);
    }
    case 'attributes': {
      // "who are the safety officers and where are they based": each holder's fields.
      const holders = query.person.ids.map((id) => byId.get(id)).filter((p): p is LexPerson => Boolean(p));
      const each = query.person.plural && holders.length > 1 ? holders.slice(0, PAGE) : null;
      const p = each ? each[0] : one(query.person);
      if (!('id' in p)) return p;
      const parts: Briefing[] = [];
      if (each) {
        const titles = query.person.role ?? [query.person.value];
        parts.push(
          answered(
            `${plural(holders.length, 'person holds', 'people hold')} the title ${titles.join(' or ')}: ${names(holders)}.`,
            holders.map(personSource),
          ),
        );
      }
      for (const who of each ?? [p])
        for (const attribute of query.attributes) {
          if (each && attribute === 'profile') continue;
          parts.push(await attributeOf(em, who, attribute, wordings, entity));
        }
      return together(parts);
    }
    case 'members': {
      const group = lexicon.groups.find((g) => g.id === query.group.ids[0])!;
      if (query.operation === 'list')
        return { ...(await wordings.members(group.id)), confidence: AnswerConfidence.ANSWERED };
      const members = await groupMembers(em, group.id);
      return answered(
        `${group.name} has ${plural(members.length, 'member', 'members')}${members.length ? `: ${names(members)}` : ''}.`,
        [groupSource(group), ...members.map(personSource)],
      );
    }
    case 'tenure': {
      const found = await employeesWhere(em, { ...employeeFilter(query.filters), order: query.order });
      const where = Object.keys(query.filters).length ? ` ${describeFilters(query.filters).replace(/^work /, '')}` : '';
      if (!found.total)
        return unknownAnswer(`I don’t know: the directory has no start date for anyone${where}.`, [DIRECTORY]);
      const date = found.people[0].startDate;
      const first = found.people.filter((p) => p.startDate === date);
      const who = names(first);
      const text =
        query.order === 'newest'
          ? `${who} joined most recently${where}, on ${date}.`
          : `${who} ${first.length === 1 ? 'has' : 'have'} been here longest${where}, since ${date}.`;
      return answered(text, first.map(personSource));
    }
    case 'joinedFirst': {
      const named: LexPerson[] = [];
      for (const m of query.people) {
        const p = one(m);
        if (!('id' in p)) return p;
        named.push(p);
      }
      const dated = named.filter((p) => p.startDate);
      if (dated.length < named.length) {
        const undated = named.filter((p) => !p.startDate);
        return unknownAnswer(
          `I don’t know: the directory has no start date for ${names(undated)}.`,
          named.map(personSource),
        );
      }
      dated.sort((a, b) => a.startDate!.localeCompare(b.startDate!));
      const pick = query.order === 'longest' ? dated[0].startDate : dated[dated.length - 1].startDate;
      const first = dated.filter((p) => p.startDate === pick);
      const dates = dated.map((p) => `${p.name} on ${p.startDate}`).join(', ');
      const verb = query.order === 'longest' ? 'joined first' : 'joined last';
      return answered(`${names(first)} ${verb} (${dates}).`, dated.map(personSource));
    }
    case 'ranked': {
      const counts = await countsBy(em, query.field);
      if (!counts.length)
        return unknownAnswer(`I don’t know: no employee in the directory has a ${query.field}.`, [DIRECTORY]);
      const sign = query.order === 'most' ? -1 : 1;
      const ranked = [...counts].sort((a, b) => sign * (a.count - b.count) || a.value.localeCompare(b.value));
      const top = ranked.filter((c) => c.count === ranked[0].count);
      const rest = ranked.slice(top.length, top.length + 4).map((c) => `${c.value} ${c.count}`);
      const which = top.map((c) => c.value).join(' and ');
      const most = query.order === 'most' ? 'the most' : 'the fewest';
      return answered(
        `${which} ${top.length > 1 ? 'have' : 'has'} ${most} people: ${plural(top[0].count, 'active employee', 'active employees')}${top.length > 1 ? ' each' : ''}${rest.length ? ` (then ${rest.join(', ')})` : ''}.`,
        [DIRECTORY],
      );
    }
    case 'holders': {
      const titles = query.role.role ?? [query.role.value];
      const holders = query.role.ids.map((id) => byId.get(id)).filter((p): p is LexPerson => Boolean(p));
      if (!holders.length) return roleAnswer(query.role.value, titles, []);
      // At MAX_NAMED the lexicon was cut (directory-records.ts): more may hold the title than were loaded.
      const count =
        holders.length >= MAX_NAMED
          ? `At least ${holders.length} people hold`
          : `${plural(holders.length, 'person holds', 'people hold')}`;
      return answered(`${count} the title ${titles.join(' or ')}: ${names(holders)}.`, holders.map(personSource));
    }
    case 'lead': {
      const group = lexicon.groups.find((g) => g.id === query.group.ids[0])!;
      const found = await lead(em, group, query.role, query.verb);
      // "the email of the cricket club captain": the lead's fields, after who leads it.
      if (!query.attributes || found.leads.length !== 1) return found.answer;
      const parts = [found.answer];
      for (const attribute of query.attributes)
        parts.push(await attributeOf(em, found.leads[0], attribute, wordings, entity));
      return together(parts);
    }
    case 'check':
      return check(query.person, query.against, query.relation, one, em, lexicon.groups);
    default: {
      const unanswered: never = query;
      throw new Error(`no answer for the directory query ${JSON.stringify(unanswered)}`);
    }
  }
}

/** Answers given in turn as one. */
function together(parts: Briefing[]): Briefing {
  if (parts.length === 1) return parts[0];
  return {
    style: 'facts',
    passages: parts.flatMap((b) => b.passages),
    cited: parts.flatMap((b) => b.cited ?? []),
    confidence: AnswerConfidence.ANSWERED,
  };
}

/** Who holds a role the question names: nobody, or several (listed with their titles, the asker to choose). */
function roleAnswer(role: string, titles: string[], holders: LexPerson[]): Briefing {
  if (holders.length === 0)
    return unknownAnswer(`I don’t know: nobody active in the directory holds the title ${titles.join(' or ')}.`, [
      DIRECTORY,
    ]);
  // Listed as an answer (who holds the role is known), not as suggestions.
  const list = holders.map((h) => `${h.name} (${h.title})`).join(', ');
  return answered(`Several people match “${role}”: ${list}. Which one do you mean?`, holders.map(personSource));
}

const DIRECTORY: ContentSource = { name: 'Employee directory', type: 'directory', url: '/api/v1/employee' };
/** What the directory holds of a person, said when asked for something it does not. */
const HELD = 'name, e-mail, title, department, location, manager, start date and groups';

async function attributeOf(
  em: EntityManager,
  p: LexPerson,
  attribute: Attribute,
  wordings: Wordings,
  entity: (p: LexPerson) => Promise<Employee>,
): Promise<Briefing> {
  const source = [personSource(p)];
  switch (attribute) {
    case 'email':
      return p.email
        ? answered(`${p.name}’s e-mail address is ${p.email}.`, source)
        : unknownAnswer(`I don’t know: the directory has no e-mail address for ${p.name}.`, source);
    case 'startDate':
      return p.startDate
        ? answered(`${p.name} joined on ${p.startDate}.`, source)
        : unknownAnswer(`I don’t know: the directory has no start date for ${p.name}.`, source);
    case 'manager': {
      const manager = p.managerId ? (await managersAbove(em, [p.id], 1)).get(p.id)?.[0] : undefined;
      return manager
        ? answered(`${p.name} reports to ${manager.name}.`, [...source, personSource(manager)])
        : answered(`${p.name} has no manager in the directory.`, source);
    }
    default: {
      const intent: PersonIntent = (
        {
          title: 'titleOf',
          location: 'locationOf',
          department: 'departmentOf',
          groups: 'groupsOf',
          profile: 'whoIs',
        } as const
      )[attribute];
      return { ...(await wordings.about(intent, await entity(p))), confidence: AnswerConfidence.ANSWERED };
    }
  }
}

/**
 * A query whose person is named through their manager ("how many people report to my manager")
 * made about that manager, read in one statement; or the answer that there is none.
 */
async function managerMeant(
  em: EntityManager,
  query: DirectoryQuery,
  byId: Map<string, LexPerson>,
): Promise<DirectoryQuery | Briefing> {
  if (!('person' in query) || !query.person?.up || query.person.ids.length !== 1) return query;
  const { up, ids } = query.person;
  const chain = (await managersAbove(em, ids, up)).get(ids[0]) ?? [];
  const named = [byId.get(ids[0]), ...chain].filter((p): p is LexPerson => Boolean(p));
  const manager = chain[up - 1];
  if (!manager) {
    const last = named[named.length - 1];
    if (!last) return unknownAnswer('I don’t know: the directory has no such manager.', [DIRECTORY]);
    return answered(`${last.name} has no manager in the directory.`, named.map(personSource));
  }
  byId.set(manager.id, manager);
  return { ...query, person: { ...query.person, ids: [manager.id], value: manager.name, up: undefined } };
}

/** Someone's reports of a kind of title ("which technicians report to Brian"), by the word asked. */
function titledReports(p: LexPerson, word: string, all: boolean, below: Page): Briefing {
  const under = all ? `under ${p.name}, directly or through their managers` : `reporting to ${p.name}`;
  if (!below.total) return answered(`None of the people ${under} is one of the ${word}.`, [personSource(p)]);
  const are = below.total === 1 ? 'is one of the' : 'are';
  return answered(`${plural(below.total, 'person', 'people')} ${under} ${are} ${word}: ${names(below)}.`, [
    personSource(p),
    ...below.people.map(personSource),
  ]);
}

/** Each value's own count when several of a field are asked together ("Aberdeen 12, Batam 10"), in brackets, or "". */
async function eachCounted(em: EntityManager, f: Filters): Promise<string> {
  const kind = (['location', 'department', 'title'] as const).find((k) => f[k] && f.also?.[k]?.length);
  if (!kind) return '';
  const values = [f[kind]!, ...f.also![kind]!];
  const counts = await Promise.all(
    values.map((value) => employeesWhere(em, employeeFilter({ ...f, [kind]: value, also: undefined }))),
  );
  return ` (${values.map((v, i) => `${v} ${counts[i].total}`).join(', ')})`;
}

/** A query's filters as conditions on the employee records. */
function employeeFilter(f: Filters): EmployeeFilter {
  const { manager, started, except, also } = f;
  // A value asked with others ("Aberdeen and Batam") is any of them.
  const any = (value: string | undefined, more: string[] | undefined) =>
    value !== undefined && more?.length ? [value, ...more] : value;
  const filter: EmployeeFilter = {
    department: any(f.department, also?.department),
    location: any(f.location, also?.location),
    title: any(f.title, also?.title) ?? f.titled?.titles,
    manager,
    except,
    notId: f.besides?.id,
  };
  if (started?.op === 'before') filter.startBefore = started.from;
  if (started?.op === 'after') filter.startFrom = started.to;
  if (started?.op === 'in') Object.assign(filter, { startFrom: started.from, startBefore: started.to });
  return filter;
}

function describeFilters(f: Filters): string {
  const parts: string[] = [];
  const either = (value: string, more: string[] | undefined) => [value, ...(more ?? [])].join(' or ');
  if (f.title) parts.push(`with the title ${either(f.title, f.also?.title)}`);
  if (f.department) parts.push(`in ${either(f.department, f.also?.department)}`);
  if (f.location) parts.push(`in ${either(f.location, f.also?.location)}`);
  if (f.titled) parts.push(`among the ${f.titled.word}`);
  if (f.except?.title) parts.push(`without the title ${f.except.title}`);
  if (f.except?.department) parts.push(`outside ${f.except.department}`);
  if (f.except?.location) parts.push(`outside ${f.except.location}`);
  if (f.besides) parts.push(`besides ${f.besides.name}`);
  if (f.started) {
    const { op, from, to } = f.started;
    parts.push(
      op === 'before'
        ? `who joined before ${from}`
        : op === 'after'
          ? `who joined on or after ${to}`
          : `who joined from ${from} to before ${to}`,
    );
  }
  // No filter: the whole organization ("how many people work at Halic").
  if (!parts.length) return 'work here';
  const where = parts.join(', ');
  return f.started && parts.length === 1 ? where.replace(/^who /, '') : `${f.started ? '' : 'work '}${where}`.trim();
}

/**
 * Who leads a group. The model has no lead field, so: a member (or anyone) the description names
 * as its lead, chair or owner; else the member every other member reports to, directly or not;
 * else no lead, with the members listed. Each answer says how it was found.
 */
async function lead(
  em: EntityManager,
  group: LexGroup,
  role?: readonly string[],
  verb?: string,
): Promise<{ answer: Briefing; leads: LexPerson[] }> {
  const description = (group.description ?? '').slice(0, MAX_DESCRIPTION);
  // The people the description may name, and the members with the managers above each.
  const [members, { people }] = await Promise.all([
    groupMembers(em, group.id),
    peopleNamed(
      em,
      [...new Set(splitWords(description))].filter((w) => w.length >= 2),
    ),
  ]);
  const chains = await managersAbove(
    em,
    members.map((m) => m.id),
  );
  const source = groupSource(group);
  // "the pipe major": whom the description gives that role, else its lead.
  const holder = role ? roleHolders(description, people, role) : [];
  if (holder.length)
    return {
      answer: answered(
        `${names(holder)} ${holder.length > 1 ? 'are' : 'is'} the ${role!.join(' ')} of ${group.name}: its description says “${group.description}”.`,
        [source, ...holder.map(personSource)],
      ),
      leads: holder,
    };
  const named = leadsNamed(description, people);
  if (named.length)
    return {
      answer: answered(
        `${names(named)} ${named.length > 1 ? 'lead' : 'leads'} ${group.name}: its description says “${group.description}”.`,
        [source, ...named.map(personSource)],
      ),
      leads: named,
    };
  // "who organises the events" of a group "Organises the Eid milan, …": its members do.
  if (verb && doneByGroup(description, verb))
    return {
      answer: answered(
        `${group.name} does: its description says “${group.description}”. Its ${plural(members.length, 'member is', 'members are')} ${members.length ? names(members) : 'none'}.`,
        [source, ...members.map(personSource)],
      ),
      leads: [],
    };
  const above = (p: LexPerson, boss: LexPerson) => (chains.get(p.id) ?? []).some((m) => m.id === boss.id);
  const heads = members.filter((m) => members.length > 1 && members.every((o) => o === m || above(o, m)));
  if (heads.length === 1)
    return {
      answer: answered(
        `${heads[0].name} leads ${group.name}: the other members report to ${heads[0].name}, directly or through their managers.`,
        [source, ...members.map(personSource)],
      ),
      leads: heads,
    };
  return {
    answer: unknownAnswer(
      `I don’t know: the directory has no lead for ${group.name}. Its members are ${members.length ? names(members) : 'none'}.`,
      [source, ...members.map(personSource)],
    ),
    leads: [],
  };
}

/** A verb's stem as compared: "organises", "organized" and "organise" are one ("organis"). */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/z/g, 's')
    .replace(/(?:ing|ers?|es|ed|s|e|d)$/, '');

/** Whether a sentence of the description opens with the verb asked ("Organises the Eid milan, …"): the group itself does it. */
function doneByGroup(description: string, verb: string): boolean {
  const asked = stem(verb);
  return description
    .split(/[.;!?]\s*/)
    .some((sentence) => stem(/^\p{L}+/u.exec(sentence.trim())?.[0] ?? '') === asked && asked.length >= 3);
}

/**
 * The people a description gives a role by its words ("Scott Paterson is its pipe major"): those
 * named in the one sentence that holds all the role's words, when it names one or two.
 */
function roleHolders(description: string, people: LexPerson[], role: readonly string[]): LexPerson[] {
  const found: LexPerson[] = [];
  for (const sentence of description.split(/(?<=[.;!?])\s+/)) {
    const words = new Set(splitWords(sentence));
    const inside = namesIn(sentence, people);
    if (role.every((w) => words.has(w)) && inside.length) found.push(...inside.map((n) => n.person));
  }
  const distinct = [...new Set(found)];
  return distinct.length >= 1 && distinct.length <= 2 ? distinct : [];
}

/** The most of a description read for its lead's name. */
const MAX_DESCRIPTION = 2000;

/** Words before a name in a description that make it the group's lead ("Chaired by Ana Silva", "co-led by"). */
const LEAD_BEFORE = /\b(?:led|chaired|run|owned|headed|organi[sz]ed|coordinated|facilitated|captained|hosted) by\s+$/i;
/**
 * Any other verb of doing by someone ("conducted by", "convened by", "steered by"): read as the
 * lead only when no verb of LEAD_BEFORE names one, and not the verbs that name a backer or a guest.
 */
const DONE_BY = /\b(\p{L}+(?:ed|en)) by\s+$/iu;
const NOT_LEADING = new Set([
  'sponsored', 'funded', 'supported', 'approved', 'backed', 'attended', 'joined', 'requested', 'advised',
  'reviewed', 'used', 'followed', 'visited', 'invited', 'founded', 'started', 'inspired', 'proposed',
]); // prettier-ignore
/**
 * Words after a name ("Ana Silva (chair)", "Ana Silva leads", "Ana Silva is the lead", "is the
 * project lead", "Tiina organises it", "Callum coordinates it").
 */
const LEAD_AFTER =
  /^\s*(?:\(|,\s*)?(?:is\s+(?:the\s+|our\s+)?(?:\p{L}+\s+)?)?(?:lead|leads|chair|chairs|owner|owns|runs|head|heads|captain|captains|organi[sz]er|organi[sz]es|coordinator|coordinates|convener|convenes)\b/iu;
/** What joins co-leads' names ("Ana Silva and Tom Berg", "Ana, Tom and Eva"). */
const NAMES_JOINED = /^(?:\s*[,&]|,?\s+and)\s+$/i;

/** A person's name where a description says it: where it starts and ends. */
interface NameAt {
  person: LexPerson;
  at: number;
  end: number;
}

/** Where the description names people, by full name or by a first name no one else has, in order. */
function namesIn(text: string, people: LexPerson[]): NameAt[] {
  const lower = text.toLowerCase();
  const found: NameAt[] = [];
  for (const person of people) {
    const first = person.name.split(/\s+/)[0];
    const unique = people.filter((o) => o.name.split(/\s+/)[0] === first).length === 1;
    for (const name of unique ? [person.name, first] : [person.name]) {
      for (let at = lower.indexOf(name.toLowerCase()); at >= 0; at = lower.indexOf(name.toLowerCase(), at + 1)) {
        const end = at + name.length;
        const whole = !/\p{L}/u.test(text[at - 1] ?? '') && !/\p{L}/u.test(text[end] ?? '');
        if (whole && !found.some((f) => f.at <= at && end <= f.end)) found.push({ person, at, end });
      }
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The people the description names as lead, chair or owner ("Co-chaired by Ana Silva and Tom
 * Berg": both), by full or first name: those after a verb of leading first, else after another
 * verb of doing by someone ("conducted by"); none when it names no one so.
 */
function leadsNamed(description: string, people: LexPerson[]): LexPerson[] {
  const found = namesIn(description, people);
  const before = (n: NameAt) => description.slice(Math.max(0, n.at - 40), n.at);
  const explicit = (n: NameAt) => LEAD_BEFORE.test(before(n)) || LEAD_AFTER.test(description.slice(n.end, n.end + 40));
  const done = (n: NameAt) => {
    const verb = DONE_BY.exec(before(n))?.[1].toLowerCase();
    return verb !== undefined && !NOT_LEADING.has(verb);
  };
  for (const named of [explicit, done]) {
    const start = found.findIndex(named);
    if (start < 0) continue;
    const leads = [found[start]];
    for (let k = start + 1; k < found.length; k++) {
      if (!NAMES_JOINED.test(description.slice(leads[leads.length - 1].end, found[k].at))) break;
      leads.push(found[k]);
    }
    return [...new Set(leads.map((n) => n.person))];
  }
  return [];
}

/** Yes or no, with the record that says so. */
async function check(
  personMention: Mention,
  against: Mention,
  relation: 'in' | 'reportsTo',
  one: (m: Mention) => LexPerson | Briefing,
  em: EntityManager,
  groups: LexGroup[],
): Promise<Briefing> {
  const p = one(personMention);
  if (!('id' in p)) return p;
  const src = [personSource(p)];
  if (relation === 'reportsTo') {
    const boss = one(against);
    if (!('id' in boss)) return boss;
    const above = (await managersAbove(em, [p.id])).get(p.id) ?? [];
    const at = above.findIndex((m) => m.id === boss.id);
    const chain = at >= 0 ? above.slice(0, at + 1) : above;
    const sources = [...src, personSource(boss)];
    if (chain[0]?.id === boss.id) return answered(`Yes: ${p.name} reports directly to ${boss.name}.`, sources);
    if (chain.some((m) => m.id === boss.id))
      return answered(`Yes, indirectly: ${[p, ...chain].map((c) => c.name).join(' reports to ')}.`, [
        ...src,
        ...chain.map(personSource),
      ]);
    const manager = chain[0];
    return answered(
      `No: ${p.name} does not report to ${boss.name}; ${manager ? `${p.name} reports to ${manager.name}` : `${p.name} has no manager in the directory`}.`,
      manager ? [...sources, personSource(manager)] : sources,
    );
  }
  switch (against.kind) {
    case 'department':
    case 'location':
    case 'title': {
      const field = against.kind;
      const value = p[field];
      const word = { department: 'works in', location: 'is based in', title: 'is' }[field];
      if (!value) return answered(`The directory has no ${field} for ${p.name}, so I cannot say.`, src);
      return value === against.value
        ? answered(`Yes: ${p.name} ${word} ${value}.`, src)
        : answered(`No: ${p.name} ${word} ${value}, not ${against.value}.`, src);
    }
    case 'group': {
      const group = groups.find((g) => g.id === against.ids[0])!;
      // The person's groups came with them (peopleNamed); a role's holder is read once more.
      const member = p.groupIds
        ? p.groupIds.includes(group.id)
        : (await em.count(GroupMember, { group: group.id, employee: p.id })) > 0;
      return answered(
        member ? `Yes: ${p.name} is a member of ${group.name}.` : `No: ${p.name} is not a member of ${group.name}.`,
        [...src, groupSource(group)],
      );
    }
    default:
      return answered(`${p.name} and ${against.value} are different people.`, src);
  }
}
