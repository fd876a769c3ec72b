import type { Api } from './api';

// The lists REST answered whole before they became connections (webhook keys, conversations,
// workflows, an account's employees, a plan's tasks) page the same way in both interfaces: a test
// reads one with readPaging and compares what it saw with pagingOf the ids it made, in the list's order.

/** A list to read: its root field, its REST route and who reads it. */
export interface PagedList {
  /** The root field with its other arguments, e.g. `idpTasks(idpId: "…")`; `first` and `after` are added. */
  field: string;
  /** The REST route running the field, e.g. `/api/v1/agent/conversations`. */
  rest: string;
  token: string;
  /** A list in another order (a root field, with its arguments), whose cursor this list must refuse. */
  foreign: string;
}

type GraphPage = {
  page: { totalCount: number; nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
};

/**
 * What the list answers: its GraphQL pages of two walked with `after` (ids, totalCount of each),
 * the refusal of a foreign cursor, and in REST the whole list, a page of one with its headers and
 * the refusal of limit=501.
 */
export async function readPaging(api: Api, list: PagedList) {
  const query = `query($after: String) { page: ${withArguments(list.field, 'first: 2, after: $after')} {
    totalCount nodes { id } pageInfo { hasNextPage endCursor } } }`;
  const pages: string[][] = [];
  const totals: number[] = [];
  let after: string | null = null;
  // At most ten pages: a list that never ends fails the comparison instead of hanging.
  for (let i = 0; i < 10; i++) {
    // Typed here: `after` comes from the previous answer, which TypeScript cannot infer through the loop.
    const res: { data?: GraphPage; errors?: { message: string }[] } = await api.graphql<GraphPage>(
      query,
      { after },
      list.token,
    );
    if (res.errors?.length) throw new Error(`${list.field}: ${res.errors[0].message}`);
    const { nodes, pageInfo, totalCount } = res.data!.page;
    pages.push(nodes.map((n) => n.id));
    totals.push(totalCount);
    if (!pageInfo.hasNextPage) break;
    after = pageInfo.endCursor;
  }
  const foreign = await api.graphql(query, { after: await firstCursorOf(api, list.token, list.foreign) }, list.token);
  const whole = await api.get<{ id: string }[]>(list.rest, list.token);
  const one = await api.get<{ id: string }[]>(`${list.rest}?limit=1`, list.token);
  const tooLarge = await api.get(`${list.rest}?limit=501`, list.token);
  return {
    pages,
    totals,
    foreign: [foreign.errors?.[0]?.extensions?.code, foreign.errors?.[0]?.message],
    rest: {
      whole: [whole.status, Array.isArray(whole.body) ? whole.body.map((item) => item.id) : whole.body],
      one: [one.status, Array.isArray(one.body) ? one.body.map((item) => item.id) : one.body],
      total: one.headers.get('x-total-count'),
      link: one.headers.get('link'),
      tooLarge: [tooLarge.status, tooLarge.body],
    },
  };
}

/** The cursor of the first item of a list (`field` with its arguments): a foreign cursor for another list. */
async function firstCursorOf(api: Api, token: string, field: string): Promise<string> {
  const res = await api.graphql<GraphPage>(
    `{ page: ${withArguments(field, 'first: 1')} { totalCount nodes { id } pageInfo { hasNextPage endCursor } } }`,
    {},
    token,
  );
  const cursor = res.data?.page.pageInfo.endCursor;
  if (!cursor) throw new Error(`${field} has no first item: ${JSON.stringify(res.errors ?? res.data)}`);
  return cursor;
}

/** `field(arguments)` with `more` arguments added. */
function withArguments(field: string, more: string): string {
  const open = field.indexOf('(');
  return open < 0 ? `${field}(${more})` : `${field.slice(0, -1)}, ${more})`;
}

/**
 * The ids of records listed by a time (ISO text) then id, oldest or newest first: the order of
 * lists in the order they were made, ties within a millisecond broken by id as PostgreSQL does.
 */
export function idsByTime<R extends { id: string }>(records: R[], time: keyof R, newestFirst = false): string[] {
  // ISO times of one format order as text; the id breaks ties.
  const key = (r: R) => [String(r[time]), r.id].join(' ');
  const sorted = [...records].sort((a, b) => (key(a) < key(b) ? -1 : 1)).map((r) => r.id);
  return newestFirst ? sorted.reverse() : sorted;
}

/** What readPaging sees of a list holding `ids` in this order (at least three: two pages at least). */
export function pagingOf(ids: string[], rest: string): Awaited<ReturnType<typeof readPaging>> {
  const pages = Array.from({ length: Math.ceil(ids.length / 2) }, (_, i) => ids.slice(2 * i, 2 * i + 2));
  return {
    pages,
    totals: pages.map(() => ids.length),
    foreign: ['BAD_USER_INPUT', 'after is not a cursor of this list in this order'],
    rest: {
      whole: [200, ids],
      one: [200, ids.slice(0, 1)],
      total: String(ids.length),
      link: `<${rest}?limit=1&offset=1>; rel="next"`,
      tooLarge: [400, 'limit must be between 1 and 500'],
    },
  };
}
