import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContentSource } from '../agent.types';
import { AnswerConfidence } from '../answer-confidence';
import type { Briefing } from '../llm/engine';
import { Employee } from '../../employee/employee.entity';
import { GroupMember } from '../../group/group-member.entity';
import type { PersonIntent } from './directory-intents';
import type { LexGroup, LexPerson, Mention } from './directory-lexicon';
import type { Attribute, DirectoryQuery, Filters, ReadLexicon } from './directory-query';

/**
 * Answers a directory query from the lexicon's records (every employee and group of the
 * organization, read through the request's entity manager), exactly, citing each record. What
 * the older intents already word (someone's title, location, team, groups, a group's members) is
 * worded by them, so that one question gets one wording whichever reader read it.
 */

/** The wordings of the directory specialist that a query reuses. */
export interface Wordings {
  about(intent: PersonIntent, person: Employee): Promise<Briefing>;
  members(groupId: string): Promise<Briefing>;
}

/** The most names an answer lists; a count says how many more there are. */
const MAX_NAMES = 20;
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

const names = (people: LexPerson[]) => {
  const shown = people.slice(0, MAX_NAMES).map((p) => p.name);
  const more = people.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function answerQuery(
  em: EntityManager,
  query: DirectoryQuery,
  { lexicon }: ReadLexicon,
  wordings: Wordings,
): Promise<Briefing> {
  const byId = new Map(lexicon.people.map((p) => [p.id, p]));
  const active = lexicon.people.filter((p) => p.active);
  const reportsOf = (id: string) => active.filter((p) => p.managerId === id);
  const one = (m: Mention): LexPerson | Briefing => {
    const matches = m.ids.map((id) => byId.get(id)!).filter(Boolean);
    if (matches.length === 1) return matches[0];
    return {
      style: 'facts',
      passages: [
        {
          text: `Several people match “${m.value}”: ${names(matches)}. Which one do you mean?`,
          source: personSource(matches[0]),
        },
      ],
      cited: matches.slice(1).map(personSource),
      confidence: AnswerConfidence.UNSURE,
    };
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
    case 'missing': {
      const p = query.person && one(query.person);
      const text = `I don’t know: the directory does not hold ${query.field}.`;
      if (p && 'id' in p) return unknownAnswer(`${text} It holds ${p.name}’s ${HELD}.`, [personSource(p)]);
      return unknownAnswer(`${text} It holds each person’s ${HELD}.`, [DIRECTORY]);
    }
    case 'employees': {
      const found = active.filter((p) => matches(p, query.filters, lexicon));
      const what = describeFilters(query.filters);
      const sources = found.length ? found.map(personSource) : [DIRECTORY];
      if (query.operation === 'count')
        return answered(
          `${plural(found.length, 'active employee', 'active employees')} ${what}${found.length ? `: ${names(found)}` : ''}.`,
          sources,
        );
      if (!found.length) return answered(`No active employee ${what.replace(/^works?/, 'works')}.`, sources);
      return answered(`${plural(found.length, 'person', 'people')} ${what}: ${names(found)}.`, sources);
    }
    case 'reports': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      const below = query.all ? allBelow(p.id, reportsOf) : reportsOf(p.id);
      if (!below.length) return answered(`Nobody reports to ${p.name}.`, [personSource(p)]);
      if (query.all)
        return answered(
          `${plural(below.length, 'person', 'people')} ${below.length === 1 ? 'reports' : 'report'} to ${p.name}, directly or through their managers: ${names(below)}.`,
          [personSource(p), ...below.map(personSource)],
        );
      return answered(`${plural(below.length, 'person reports', 'people report')} to ${p.name}: ${names(below)}.`, [
        personSource(p),
        ...below.map(personSource),
      ]);
    }
    case 'team': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      if (query.operation === 'count') {
        const team = reportsOf(p.id);
        if (team.length)
          return answered(
            `${p.name}’s team has ${plural(team.length, 'person', 'people')} reporting to ${p.name}: ${names(team)}.`,
            [personSource(p), ...team.map(personSource)],
          );
      }
      return wordings.about('teamOf', await entity(p));
    }
    case 'manager': {
      const p = one(query.person);
      if (!('id' in p)) return p;
      if (query.levels > MAX_LEVELS)
        return unknownAnswer(`I don’t know: the directory reads at most ${MAX_LEVELS} managers up.`, [personSource(p)]);
      const chain = [p];
      for (let i = 0; i < query.levels; i++) {
        const next = chain[chain.length - 1].managerId ? byId.get(chain[chain.length - 1].managerId!) : undefined;
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
      const p = one(query.person);
      if (!('id' in p)) return p;
      const parts: Briefing[] = [];
      for (const attribute of query.attributes) parts.push(await attributeOf(p, attribute, byId, wordings, entity));
      if (parts.length === 1) return parts[0];
      return {
        style: 'facts',
        passages: parts.flatMap((b) => b.passages),
        cited: parts.flatMap((b) => b.cited ?? []),
        confidence: AnswerConfidence.ANSWERED,
      };
    }
    case 'members': {
      const group = lexicon.groups.find((g) => g.id === query.group.ids[0])!;
      if (query.operation === 'list')
        return { ...(await wordings.members(group.id)), confidence: AnswerConfidence.ANSWERED };
      const members = await membersOf(em, group, byId);
      return answered(
        `${group.name} has ${plural(members.length, 'member', 'members')}${members.length ? `: ${names(members)}` : ''}.`,
        [groupSource(group), ...members.map(personSource)],
      );
    }
    case 'lead':
      return lead(
        em,
        lexicon.groups.find((g) => g.id === query.group.ids[0])!,
        byId,
        lexicon.people,
      );
    case 'check':
      return check(query.person, query.against, query.relation, one, byId, em, lexicon.groups);
    default: {
      const unanswered: never = query;
      throw new Error(`no answer for the directory query ${JSON.stringify(unanswered)}`);
    }
  }
}

const DIRECTORY: ContentSource = { name: 'Employee directory', type: 'directory', url: '/api/v1/employee' };
/** What the directory holds of a person, said when asked for something it does not. */
const HELD = 'name, e-mail, title, department, location, manager, start date and groups';

async function attributeOf(
  p: LexPerson,
  attribute: Attribute,
  byId: Map<string, LexPerson>,
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
      const manager = p.managerId ? byId.get(p.managerId) : undefined;
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

/** Everyone below someone, each once, level by level (a cycle, refused on write, cannot loop). */
function allBelow(id: string, reportsOf: (id: string) => LexPerson[]): LexPerson[] {
  const seen = new Set([id]);
  const found: LexPerson[] = [];
  for (let level = [id]; level.length;) {
    const next: string[] = [];
    for (const one of level)
      for (const r of reportsOf(one))
        if (!seen.has(r.id)) {
          seen.add(r.id);
          found.push(r);
          next.push(r.id);
        }
    level = next;
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

function matches(p: LexPerson, f: Filters, lexicon: ReadLexicon['lexicon']): boolean {
  void lexicon;
  if (f.department && p.department !== f.department) return false;
  if (f.location && p.location !== f.location) return false;
  if (f.title && p.title !== f.title) return false;
  if (f.manager && p.managerId !== f.manager) return false;
  if (f.started) {
    if (!p.startDate) return false;
    const { op, from, to } = f.started;
    if (op === 'before' && !(p.startDate < from)) return false;
    if (op === 'after' && !(p.startDate >= to)) return false;
    if (op === 'in' && !(p.startDate >= from && p.startDate < to)) return false;
  }
  return true;
}

function describeFilters(f: Filters): string {
  const parts: string[] = [];
  if (f.title) parts.push(`with the title ${f.title}`);
  if (f.department) parts.push(`in ${f.department}`);
  if (f.location) parts.push(`in ${f.location}`);
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
  const where = parts.join(', ');
  return f.started && parts.length === 1 ? where.replace(/^who /, '') : `${f.started ? '' : 'work '}${where}`.trim();
}

async function membersOf(em: EntityManager, group: LexGroup, byId: Map<string, LexPerson>): Promise<LexPerson[]> {
  const rows = await em.find(GroupMember, { group: group.id });
  return rows
    .map((m) => byId.get(m.employee.id))
    .filter((p): p is LexPerson => Boolean(p))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Who leads a group. The model has no lead field, so: a member (or anyone) the description names
 * as its lead, chair or owner; else the member every other member reports to, directly or not;
 * else no lead, with the members listed. Each answer says how it was found.
 */
async function lead(
  em: EntityManager,
  group: LexGroup,
  byId: Map<string, LexPerson>,
  people: LexPerson[],
): Promise<Briefing> {
  const members = await membersOf(em, group, byId);
  const source = groupSource(group);
  const named = leadNamed(group.description ?? '', people);
  if (named)
    return answered(`${named.name} leads ${group.name}: its description says “${group.description}”.`, [
      source,
      personSource(named),
    ]);
  const above = (p: LexPerson, boss: LexPerson) => {
    const seen = new Set<string>();
    for (let at = p.managerId; at && !seen.has(at); at = byId.get(at)?.managerId ?? null) {
      if (at === boss.id) return true;
      seen.add(at);
    }
    return false;
  };
  const heads = members.filter((m) => members.length > 1 && members.every((o) => o === m || above(o, m)));
  if (heads.length === 1)
    return answered(
      `${heads[0].name} leads ${group.name}: the other members report to ${heads[0].name}, directly or through their managers.`,
      [source, ...members.map(personSource)],
    );
  return unknownAnswer(
    `I don’t know: the directory has no lead for ${group.name}. Its members are ${members.length ? names(members) : 'none'}.`,
    [source, ...members.map(personSource)],
  );
}

/** Words before a name in a description that make it the group's lead ("Chaired by Ana Silva"). */
const LEAD_BEFORE = /\b(?:led|chaired|run|owned|headed|organi[sz]ed|coordinated|facilitated|captained) by\s+$/i;
/** Words after a name ("Ana Silva (chair)", "Ana Silva leads", "Ana Silva is the lead"). */
const LEAD_AFTER =
  /^\s*(?:\(|,\s*)?(?:is\s+(?:the\s+|our\s+)?)?(?:lead|leads|chair|chairs|owner|owns|runs|head|heads|captain|organi[sz]er)\b/i;

/** The person the description names as lead, chair or owner, by full or first name (one person), or null. */
function leadNamed(description: string, people: LexPerson[]): LexPerson | null {
  const text = description.slice(0, 2000);
  const lower = text.toLowerCase();
  for (const p of people) {
    const first = p.name.split(/\s+/)[0];
    for (const name of [p.name, first]) {
      if (name === first && people.filter((o) => o.name.split(/\s+/)[0] === first).length > 1) continue;
      let at = lower.indexOf(name.toLowerCase());
      while (at >= 0) {
        const before = text.slice(Math.max(0, at - 40), at);
        const after = text.slice(at + name.length, at + name.length + 40);
        const whole = !/\p{L}/u.test(text[at - 1] ?? '') && !/\p{L}/u.test(text[at + name.length] ?? '');
        if (whole && (LEAD_BEFORE.test(before) || LEAD_AFTER.test(after))) return p;
        at = lower.indexOf(name.toLowerCase(), at + 1);
      }
    }
  }
  return null;
}

/** Yes or no, with the record that says so. */
async function check(
  personMention: Mention,
  against: Mention,
  relation: 'in' | 'reportsTo',
  one: (m: Mention) => LexPerson | Briefing,
  byId: Map<string, LexPerson>,
  em: EntityManager,
  groups: LexGroup[],
): Promise<Briefing> {
  const p = one(personMention);
  if (!('id' in p)) return p;
  const src = [personSource(p)];
  if (relation === 'reportsTo') {
    const boss = one(against);
    if (!('id' in boss)) return boss;
    const chain: LexPerson[] = [];
    const seen = new Set<string>();
    for (let at = p.managerId; at && !seen.has(at); at = byId.get(at)?.managerId ?? null) {
      seen.add(at);
      const m = byId.get(at);
      if (!m) break;
      chain.push(m);
      if (m.id === boss.id) break;
    }
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
      const member = await em.count(GroupMember, { group: group.id, employee: p.id });
      return answered(
        member ? `Yes: ${p.name} is a member of ${group.name}.` : `No: ${p.name} is not a member of ${group.name}.`,
        [...src, groupSource(group)],
      );
    }
    default:
      return answered(`${p.name} and ${against.value} are different people.`, src);
  }
}
