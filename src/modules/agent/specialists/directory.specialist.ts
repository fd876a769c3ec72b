import type { EntityManager } from '@mikro-orm/postgresql';
import { Employee } from '../../employee/employee.entity';
import { Group } from '../../group/group.entity';
import { GroupMember } from '../../group/group-member.entity';
import { planAccess } from '../../idp/idp-access';
import { IdpScope, TaskState } from '../../idp/idp-enums';
import { IdpTask } from '../../idp/idp-task.entity';
import type { Briefing, Passage } from '../llm/engine';
import { type AskedIntent, directoryIntents, isRole, type PersonIntent } from './directory-intents';
import {
  departmentAsked,
  groupName,
  hasInitials,
  INITIALS,
  initialsPattern,
  managedOne,
  roleWords,
  titlePattern,
} from './directory-subjects';
import { MAX_QUERY } from './directory-lexicon';
import { answerQuery } from './directory-query-answer';
import { asksAll, compoundQueries } from './directory-compound';
import { AnswerConfidence } from '../answer-confidence';
import {
  type DirectoryQuery,
  KEYWORDS,
  parseDirectoryQuery,
  type ReadLexicon,
  readLexicon,
  unaccountedIn,
} from './directory-query';
import { loadLexicon } from './directory-lexicon';
import { literal, type Question, type Specialist } from './specialist';
import { withoutCourtesyAround } from '../planner/courtesy';

/** A question read as directory queries (one per question a message asks), with the lexicon they were read against. */
interface Read {
  queries: DirectoryQuery[];
  lexicon: ReadLexicon;
}

export { directoryIntents } from './directory-intents';

const SELF = /^(i|me|my|myself)$/i;

/** Characters of greeting, apology and thanks a directory query may carry beyond MAX_QUERY. */
const COURTESY_ROOM = 200;

/** "line" before a word for a manager ("line manager", "line-manager"): the manager, as said in HR. */
const LINE_MANAGER = /\bline[- ](?=(?:manager|mgr|boss)s?\b)/gi;

const NESTED_MANAGER =
  /\b(?:the )?(?:manager|boss|supervisor) of (?:the |his |her |their )?(?:manager|boss|supervisor) of\b/i;

/**
 * Verbs people use for reporting to someone ("who does X answer to", "who does X roll up into",
 * "X reports into Y"), each with its ending, read as "report to".
 */
/** Where the asker says a relation is drawn ("who is above X on the org chart"): no word of the query. */
const CHART_SAID = /\b(?:in|on|according to) (?:the|our) (?:org(?:ani[sz]ation(?:al)?)? ?chart|organigram)\b/gi;

const REPORTS_SAID =
  /(?<!\b(?:the|an|my|your|no) )\b(?:answer|roll)(s|ing|ed)?(?: up)? (?:to|into)\b|\broll(s|ing|ed)? up under\b|\breport(s|ing|ed)? into\b/gi;

/**
 * The words of a question the directory reads: without the greeting, apology and thanks around it,
 * a preposition fronted before "whom" put back after the verb, a manager's manager said as the
 * skip level, and the other verbs of reporting as "report to".
 */
export function directoryText(question: Pick<Question, 'text'>): string {
  // A message far past a query's length is not read as one whatever its courtesy: not worked on.
  if (question.text.length > MAX_QUERY + COURTESY_ROOM) return question.text;
  const text = withoutCourtesyAround(question.text);
  // "to whom does the CFO report": the preposition where the reader looks for it, after the verb.
  const fronted = /^(to|for|under|with) whom\b(.*)$/i.exec(text);
  let rest = fronted?.[2] ?? '';
  while (/[?.!\s]$/.test(rest)) rest = rest.slice(0, -1);
  const moved = fronted ? `who${rest} ${fronted[1]}` : text;
  // "the manager of the manager of X": X's skip-level manager, as the reader knows it.
  return (
    moved
      .replace(NESTED_MANAGER, 'the skip-level manager of')
      // "the line manager of X", "my line manager": X's manager, not the holder of a title with "Line".
      .replace(LINE_MANAGER, '')
      .replace(CHART_SAID, '')
      .replace(
        REPORTS_SAID,
        (_, said?: string, under?: string, into?: string) => `report${said ?? under ?? into ?? ''} to`,
      )
  );
}

/**
 * The answers to the questions of one message as one: an answer with nothing to say (someone
 * unknown) is the whole answer, as the intents' are; else each in turn, sure when any is.
 */
function together(answers: Briefing[]): Briefing {
  if (answers.length === 1) return answers[0];
  const empty = answers.find((b) => b.passages.length === 0);
  if (empty) return empty;
  const sure = answers.some((b) => b.confidence !== AnswerConfidence.UNKNOWN);
  return {
    style: 'facts',
    passages: answers.flatMap((b) => b.passages),
    cited: answers.flatMap((b) => b.cited ?? []),
    confidence: sure ? AnswerConfidence.ANSWERED : AnswerConfidence.UNKNOWN,
  };
}

const employeeSource = (e: Employee) => ({ name: e.name, type: 'employee', url: `/api/v1/employee/${e.id}` });
const facts = (passages: Passage[], unknown?: string, notFound?: string): Briefing => ({
  style: 'facts',
  passages,
  unknown,
  notFound,
});
/** One statement about people, citing each of them. */
const fact = (text: string, first: Employee, ...others: Employee[]): Briefing => ({
  style: 'facts',
  passages: [{ text, source: employeeSource(first) }],
  cited: others.map(employeeSource),
});

/**
 * Answers from the directory itself: headcount, who reports to whom, someone's team, who someone
 * is, their title, location and department, group members, and the caller's plan tasks due this
 * month or overdue. Every statement is read from the records
 * it cites; a person or group that does not exist is an "I don't know".
 */
export class DirectorySpecialist implements Specialist {
  readonly name = 'directory';

  /** The query each question is read as, read once (the coordinator asks before briefing). */
  private readonly queries = new WeakMap<Question, Promise<Read | null>>();

  /** Whether the question reads as a query over the organization's directory (its own names and values). */
  async claims(question: Question): Promise<boolean> {
    return (await this.read(question)) !== null;
  }

  /**
   * Whether every word of the question is part of what the intents table read (`subjects`) or of
   * the directory's vocabulary and values: "i slipped at the plant, do i need to report it" is not.
   */
  async accounts(question: Question, subjects: readonly string[]): Promise<boolean> {
    if (directoryText(question).length > MAX_QUERY) return true;
    const lexicon = await this.lexicon(question);
    return unaccountedIn(directoryText(question), lexicon, subjects).length === 0;
  }

  private readonly lexicons = new WeakMap<Question, Promise<ReadLexicon>>();

  /** The organization's lexicon for a question, loaded once. */
  private lexicon(question: Question): Promise<ReadLexicon> {
    let lexicon = this.lexicons.get(question);
    if (!lexicon) {
      lexicon = loadLexicon(question.ctx.em, directoryText(question), KEYWORDS, question.owner.accountId).then(
        readLexicon,
      );
      this.lexicons.set(question, lexicon);
    }
    return lexicon;
  }

  private read(question: Question): Promise<Read | null> {
    let read = this.queries.get(question);
    if (!read) {
      read = (async () => {
        // A long message is not a directory query; nothing is loaded for it.
        if (directoryText(question).length > MAX_QUERY) return null;
        const lexicon = await this.lexicon(question);
        const text = directoryText(question);
        const query = parseDirectoryQuery(text, lexicon);
        // "Who is in the X group and who chairs it?": each question, unless the whole reading asks them all.
        const parts = compoundQueries(text, (part) => parseDirectoryQuery(part, lexicon));
        if (parts && !(query && asksAll(query, parts))) return { queries: parts, lexicon };
        return query && { queries: [query], lexicon };
      })();
      this.queries.set(question, read);
    }
    return read;
  }

  /**
   * The question read as a query over the directory's model and answered from the records; else
   * each question the intents table finds, answered in turn (one it cannot answer is the whole
   * answer's "I don't know").
   */
  async brief(question: Question): Promise<Briefing> {
    const read = await this.read(question);
    if (read) {
      const { em } = question.ctx;
      const wordings = {
        about: (intent: PersonIntent, person: Employee) => this.about(em, intent, person),
        members: (groupId: string) => this.membersOf(em, groupId),
      };
      const answers: Briefing[] = [];
      for (const query of read.queries) answers.push(await answerQuery(em, query, read.lexicon, wordings));
      return together(answers);
    }
    const asked = directoryIntents(directoryText(question)) ?? [];
    if (asked.length === 0) return facts([]);
    const briefings: Briefing[] = [];
    for (const one of asked) {
      const briefing = await this.answer(question, one);
      if (briefing.passages.length === 0) return briefing;
      briefings.push(briefing);
    }
    if (briefings.length === 1) return briefings[0];
    return {
      style: 'facts',
      passages: briefings.flatMap((b) => b.passages),
      cited: briefings.flatMap((b) => b.cited ?? []),
    };
  }

  private async answer(question: Question, asked: AskedIntent): Promise<Briefing> {
    const { ctx } = question;
    switch (asked.intent) {
      case 'count':
        return this.count(ctx.em, directoryText(question));
      case 'myTasksDue':
        return this.tasksDue(question, 'month');
      case 'myTasksOverdue':
        return this.tasksDue(question, 'overdue');
      case 'members':
        return this.members(ctx.em, asked.subject);
      default:
        // Every other intent is about one person (PersonIntent); a new one must be answered there.
        return this.person(question, asked.intent, asked.subject);
    }
  }

  private async count(em: EntityManager, text: string): Promise<Briefing> {
    const department = departmentAsked(text);
    if (!department) {
      const total = await em.count(Employee, { active: true });
      return facts([
        {
          text: `The organization has ${total} active employee${total === 1 ? '' : 's'}.`,
          source: { name: 'Employee directory', type: 'directory', url: '/api/v1/employee' },
        },
      ]);
    }
    const where = { department: { $ilike: literal(department) } };
    const [active, any] = await Promise.all([
      em.count(Employee, { ...where, active: true }),
      em.count(Employee, where),
    ]);
    if (any === 0)
      return facts([], `I don’t know of a department called “${department}” in the directory.`, department);
    const source = {
      name: `Employees in ${department}`,
      type: 'directory',
      url: `/api/v1/employee?department=${encodeURIComponent(department)}`,
    };
    return facts([
      { text: `${active} active employee${active === 1 ? ' works' : 's work'} in ${department}.`, source },
    ]);
  }

  private async person(question: Question, intent: PersonIntent, subject: string): Promise<Briefing> {
    const { em } = question.ctx;
    let found = await findEmployees(em, subject, question.owner.accountId);
    if (found.length === 0 && (intent === 'whoIs' || isRole(subject))) found = await findByTitle(em, subject);
    if (found.length === 0)
      return facts(
        [],
        SELF.test(subject)
          ? 'I don’t know: your account is not linked to an employee record in this organization.'
          : isRole(subject)
            ? `I don’t know: nobody in the directory holds a title like “${subject.replace(/^(?:the|our|your)\s+/i, '')}”.`
            : `I don’t know anyone called “${subject}” in the directory.`,
        subject,
      );
    if (found.length > 1) {
      return fact(
        `Several people match “${subject}”: ${found.map((e) => e.name).join(', ')}. Which one do you mean?`,
        found[0],
        ...found.slice(1),
      );
    }
    return this.about(em, intent, found[0]);
  }

  /** What a question asks about one person, found. */
  private async about(em: EntityManager, intent: PersonIntent, person: Employee): Promise<Briefing> {
    const manager = person.manager ? await em.findOne(Employee, person.manager.id) : null;
    switch (intent) {
      case 'managerOf':
        return manager
          ? fact(`${person.name} reports to ${describe(manager)}.`, person, manager)
          : fact(`${person.name} has no manager in the directory.`, person);
      case 'reportsOf':
      case 'teamOf':
        return this.team(em, intent, person, manager);
      case 'titleOf':
        return fact(
          person.title
            ? `${person.name} is ${person.title}${person.department ? ` in ${person.department}` : ''}.`
            : `The directory has no job title for ${person.name}.`,
          person,
        );
      case 'locationOf':
        return fact(
          person.location
            ? `${person.name} is based in ${person.location}.`
            : `The directory has no location for ${person.name}.`,
          person,
        );
      case 'departmentOf':
        return fact(
          person.department
            ? `${person.name} works in ${person.department}.`
            : `The directory has no department for ${person.name}.`,
          person,
        );
      case 'groupsOf':
        return this.groupsOf(em, person);
      case 'whoIs': {
        const where = [person.department && `in ${person.department}`, person.location && `based in ${person.location}`]
          .filter(Boolean)
          .join(', ');
        const text = `${person.name} is ${person.title ? `${person.title}` : 'an employee'}${where ? ` ${where}` : ''}${manager ? `, reporting to ${manager.name}` : ''}.`;
        return fact(text, person, ...(manager ? [manager] : []));
      }
      default: {
        const unanswered: never = intent;
        throw new Error(`the directory specialist has no answer for the intent ${String(unanswered)}`);
      }
    }
  }

  /**
   * Who reports to someone. Their team is the same for a manager; for someone nobody reports to,
   * it is the people who share their manager.
   */
  private async team(
    em: EntityManager,
    intent: PersonIntent,
    person: Employee,
    manager: Employee | null,
  ): Promise<Briefing> {
    const reports = await em.find(Employee, { manager: person.id, active: true }, { orderBy: { name: 'asc' } });
    if (reports.length) {
      const names = reports.map((e) => e.name).join(', ');
      return fact(
        `${reports.length} ${reports.length === 1 ? 'person reports' : 'people report'} to ${person.name}: ${names}.`,
        person,
        ...reports,
      );
    }
    if (intent === 'reportsOf' || !manager) return fact(`Nobody reports to ${person.name}.`, person);
    const peers = await em.find(
      Employee,
      { manager: manager.id, active: true, id: { $ne: person.id } },
      { orderBy: { name: 'asc' } },
    );
    const others = peers.length ? `, with ${peers.map((e) => e.name).join(', ')}` : ', with nobody else';
    return fact(
      `Nobody reports to ${person.name}. ${person.name} is on ${manager.name}’s team${others}.`,
      person,
      manager,
      ...peers,
    );
  }

  /** The groups someone is a member of, by name, each cited. */
  private async groupsOf(em: EntityManager, person: Employee): Promise<Briefing> {
    const memberships = await em.find(GroupMember, { employee: person.id }, { populate: ['group'] });
    const groups = memberships.map((m) => m.group.getEntity()).sort((a, b) => a.name.localeCompare(b.name));
    if (groups.length === 0) return fact(`${person.name} is in no group.`, person);
    const source = (g: Group) => ({ name: g.name, type: 'group', url: `/api/v1/group/${g.id}` });
    const names = groups.map((g) => g.name).join(', ');
    return {
      style: 'facts',
      passages: [
        {
          text: `${person.name} is a member of ${groups.length} group${groups.length === 1 ? '' : 's'}: ${names}.`,
          source: employeeSource(person),
        },
      ],
      cited: groups.map(source),
    };
  }

  private async members(em: EntityManager, subject: string): Promise<Briefing> {
    const name = groupName(subject);
    const group =
      (await em.findOne(Group, { name: { $ilike: literal(subject) } })) ??
      (await em.findOne(Group, { name: { $ilike: literal(name) } })) ??
      (await em.findOne(Group, { name: { $ilike: `%${literal(name)}%` } })) ??
      (await findByInitials(em, name));
    if (!group) return facts([], `I don’t know a group called “${subject}”.`, subject);
    return this.membersOf(em, group.id);
  }

  private async membersOf(em: EntityManager, groupId: string): Promise<Briefing> {
    const group = await em.findOneOrFail(Group, groupId);
    const members = await em.find(GroupMember, { group: group.id }, { populate: ['employee'] });
    const names = members.map((m) => m.employee.getEntity().name).sort((a, b) => a.localeCompare(b));
    const source = { name: group.name, type: 'group', url: `/api/v1/group/${group.id}` };
    const text = names.length
      ? `${group.name} has ${names.length} member${names.length === 1 ? '' : 's'}: ${names.join(', ')}.`
      : `${group.name} has no members.`;
    return facts([{ text, source }]);
  }

  /** The caller's open plan tasks due this month, or overdue (due before today). */
  private async tasksDue(question: Question, when: 'month' | 'overdue'): Promise<Briefing> {
    const { ctx, caller } = question;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const mine = (await planAccess(ctx.em, caller, question.owner.orgId, { scope: IdpScope.MINE })).map((p) => p.id);
    const open = [TaskState.NOT_STARTED, TaskState.IN_PROGRESS, TaskState.BLOCKED];
    const due = when === 'month' ? { $gte: from, $lt: to } : { $lt: today };
    const tasks = mine.length
      ? await ctx.em.find(
          IdpTask,
          { idp: { $in: mine }, dueDate: due, status: { current: { $in: open } } },
          { orderBy: { dueDate: 'asc', id: 'asc' }, populate: ['idp'] },
        )
      : [];
    const period =
      when === 'month'
        ? `due in ${now.toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`
        : 'overdue';
    const source = (t: IdpTask) => ({ name: t.name, type: 'idpTask', url: `/api/v1/idp/${t.idp.id}/tasks/${t.id}` });
    if (tasks.length === 0)
      return facts([
        {
          text: `You have no open plan tasks ${period}.`,
          source: { name: 'Your development plans', type: 'idp', url: '/api/v1/idp?scope=MINE' },
        },
      ]);
    const list = tasks.map((t) => `“${t.name}” (plan “${t.idp.getEntity().name}”, due ${t.dueDate})`).join('; ');
    const text = `You have ${tasks.length} open plan task${tasks.length === 1 ? '' : 's'} ${period}: ${list}.`;
    return { style: 'facts', passages: [{ text, source: source(tasks[0]) }], cited: tasks.slice(1).map(source) };
  }
}

/** The most managers a chain climbs ("Hannah's manager's manager" is two): one look-up each. */
const MAX_CHAIN = 5;

/**
 * The employees a name means: the caller for "I"/"me", someone's manager for "<name>'s manager"
 * (as deep as it is written), else an exact name, else a first or last name, else a partial one.
 */
async function findEmployees(em: EntityManager, subject: string, accountId: string, depth = 0): Promise<Employee[]> {
  if (SELF.test(subject)) return em.find(Employee, { account: accountId });
  const managed = depth < MAX_CHAIN ? managedOne(subject) : null;
  if (managed) {
    const below = await findEmployees(em, managed, accountId, depth + 1);
    if (below.length !== 1) return below;
    const manager = below[0].manager;
    return manager ? [await em.findOneOrFail(Employee, manager.id)] : [];
  }
  const exact = await em.find(
    Employee,
    { name: { $ilike: literal(subject) } },
    { orderBy: { name: 'asc' }, limit: 10 },
  );
  if (exact.length) return exact;
  // A first or last name ("Ana" is Ana Lima, not Diana Ross), then any part of a name.
  const name = literal(subject);
  const word = await em.find(
    Employee,
    {
      $or: [{ name: { $ilike: `${name} %` } }, { name: { $ilike: `% ${name}` } }, { name: { $ilike: `% ${name} %` } }],
    },
    { orderBy: { name: 'asc' }, limit: 10 },
  );
  if (word.length) return word;
  return em.find(Employee, { name: { $ilike: `%${name}%` } }, { orderBy: { name: 'asc' }, limit: 10 });
}

/**
 * The people holding a role, named by title ("our head of people") or by its initials ("the
 * CFO"): an exact title, else a title holding the words as words ("office" is not "Officer").
 * Only for a subject no name matched.
 */
async function findByTitle(em: EntityManager, subject: string): Promise<Employee[]> {
  // A title is a few words; a longer subject is a sentence, not a role.
  const role = roleWords(subject);
  if (!role) return [];
  const where = { active: true };
  const options = { orderBy: { name: 'asc' as const }, limit: 10 };
  const exact = await em.find(Employee, { ...where, title: { $ilike: literal(role) } }, options);
  if (exact.length) return exact;
  if (INITIALS.test(role)) return em.find(Employee, { ...where, title: { $re: initialsPattern(role) } }, options);
  const words = titlePattern(role);
  return words ? em.find(Employee, { ...where, title: { $re: words } }, options) : [];
}

function describe(e: Employee): string {
  return e.title ? `${e.name} (${e.title})` : e.name;
}

/** The group a name with initials in it means ("the D&I committee"), or null when it has none. */
async function findByInitials(em: EntityManager, name: string): Promise<Group | null> {
  if (!hasInitials(name)) return null;
  return em.findOne(Group, { name: { $re: initialsPattern(name) } });
}
