import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { MODULES } from '../../src/modules';
import type { ModuleDescriptor } from '../../src/modules/module';
import { pathParams, type RestRoute } from '../../src/rest/routes';
import type { RequestOptions } from '../helpers/api';
import type { AccountMember } from '../helpers/directory';
import type { Member, OrgRecord } from '../helpers/fixtures';
import type { TestApp } from '../helpers/test-app';

// The suites that call every REST route (test/e2e/access.e2e.test.ts, test/e2e/hostile-input.test.ts)
// take what they know of a module from its file in this folder, `<module>.ts` after the
// descriptor's name (src/modules/index.ts), exporting `fixtures`: the module's rows of the access
// matrix, the objects its routes name, the values of their path parameters and a valid body for
// each route that takes one. A new module writes its file here and touches neither suite; one
// without a file fails them, named.

/** A route of the matrix, 'METHOD /path' as in its rows. */
export const label = (route: RestRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** One row of the access matrix: a route and the status each caller gets (the columns: access.e2e.test.ts). */
export type Row = [
  route: string,
  none: number,
  expired: number,
  other: number,
  employee: number,
  manager: number,
  orgAdmin: number,
  orgToken: number,
  admin: number,
];

/** What the makers work with, set up by the suite. */
export interface World {
  t: TestApp;
  /** The first organization: every object is one of its objects. */
  org: OrgRecord;
  /** Its ORG_ADMIN, who makes the objects of the organization. */
  admin: Member;
  /** A plain member (EMPLOYEE) of it, the owner of the user's objects unless a suite says otherwise. */
  employee: AccountMember;
  /** Where webhooks send: an address the suite's outbound guard lets through. */
  webhookUrl: string;
  /** A text page, for the route that reads knowledge from a URL. */
  pageUrl: string;
  /** POSTs as the ORG_ADMIN (or `token`) and returns the answer; anything but 2xx fails the test. */
  created<T = { id: string }>(path: string, body?: unknown, token?: string): Promise<T>;
}

/** A World whose `created` POSTs below /api/v1 of `fields.t`. */
export function world(fields: Omit<World, 'created'>): World {
  async function created<T>(path: string, body?: unknown, token = fields.admin.token): Promise<T> {
    const res = await fields.t.api.post<T>(`/api/v1${path}`, body, token);
    if (res.status >= 300) throw new Error(`fixture POST ${path}: ${res.status} ${res.text}`);
    return res.body;
  }
  return { ...fields, created };
}

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A preferences body; the organization's and an account's take the same. */
export const PREFERENCES = { values: { theme: 'dark' } };

/** Makes one object; `o` gives the objects it needs, of any module (`o.get('employee')`). */
export type Maker = (o: Objects, w: World) => Promise<unknown>;

/** What a module's file (`test/access/<module>.ts`) exports as `fixtures`. */
export interface ModuleFixtures {
  /** The module's rows of the access matrix: exactly one per route of the module. */
  rows: Row[];
  /** The objects its routes name, by a name no other module's file uses. */
  objects?: Record<string, Maker>;
  /** The value of a path parameter of one of its routes; undefined leaves it to SHARED_PARAMS. */
  param?: (name: string, route: RestRoute, o: Objects, w: World) => Promise<string | undefined>;
  /**
   * A valid body of each of its routes that take one, by 'METHOD /path': the JSON body, the text
   * of a `text` route, the FormData of an `upload` route.
   */
  bodies?: Record<string, (o: Objects, w: World) => unknown>;
  /** The query string a route needs to be valid, by 'METHOD /path'. */
  queries?: Record<string, string>;
}

/** A module's file: its name and .ts (or .js, built). */
const FILE = /^([\w-]+)\.(?:ts|js)$/;
let files: Map<string, ModuleFixtures> | undefined;

/**
 * The module files of this folder by name, read when first asked (not on import: they import this
 * file), so that a new one needs no list.
 */
export function fixtureFiles(): Map<string, ModuleFixtures> {
  files ??= new Map(
    readdirSync(__dirname).flatMap((file) => {
      const name = FILE.exec(file)?.[1];
      if (!name || name === 'fixtures') return [];
      return [[name, (require(`./${name}`) as { fixtures: ModuleFixtures }).fixtures] as const];
    }),
  );
  return files;
}

/** The fixtures of a module; one without a file fails here, naming it. */
export function fixturesOf(module: Pick<ModuleDescriptor, 'name'>): ModuleFixtures {
  const found = fixtureFiles().get(module.name);
  if (!found) throw new Error(`the module ${module.name} has no fixture file: write test/access/${module.name}.ts`);
  return found;
}

/** The module whose descriptor lists the route. */
export function moduleOf(route: RestRoute): ModuleDescriptor {
  const owner = MODULES.find((m) => m.routes.includes(route));
  if (!owner) throw new Error(`${label(route)} is a route of no module`);
  return owner;
}

/**
 * The objects of one cell of the matrix, each made the first time it is asked for (so a DELETE in
 * one cell leaves the next one an object to delete). `owner` owns the user's objects (plans and
 * their notes, conversations, workflows); `given` stands in for objects not to be made.
 */
export class Objects {
  private readonly made = new Map<string, Promise<unknown>>();

  constructor(
    readonly world: World,
    readonly owner = world.employee.token,
    given: Record<string, unknown> = {},
  ) {
    for (const [name, value] of Object.entries(given)) this.made.set(name, Promise.resolve(value));
  }

  /** The object `name`: most makers answer an id, the others are asked with their type. */
  get<T = string>(name: string): Promise<T> {
    if (!this.made.has(name)) {
      const makers = MODULES.flatMap((m) => fixtureFiles().get(m.name)?.objects?.[name] ?? []);
      if (makers.length !== 1) throw new Error(`${makers.length} fixture files of test/access make '${name}'`);
      this.made.set(name, makers[0](this, this.world));
    }
    return this.made.get(name) as Promise<T>;
  }
}

/** Path parameters of many modules' routes. */
const SHARED_PARAMS: Record<string, (w: World) => string> = {
  organization: (w) => w.org.id,
  namespace: () => 'ui',
};

/**
 * The URL of a valid request of the route: each path parameter an object of the first
 * organization (made in `o`), as the fixture file of the route's module says, and its query.
 */
export async function urlOf(route: RestRoute, o: Objects): Promise<string> {
  const module = moduleOf(route);
  const fixtures = fixturesOf(module);
  let path = route.path;
  for (const name of pathParams(route.path)) {
    const value = (await fixtures.param?.(name, route, o, o.world)) ?? SHARED_PARAMS[name]?.(o.world);
    if (value === undefined)
      throw new Error(`no object for :${name} of ${route.path} in test/access/${module.name}.ts`);
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  const query = fixtures.queries?.[label(route)];
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

/** A valid request of the route: its URL, and its body from the fixture file of its module. */
export async function requestOf(route: RestRoute, o: Objects): Promise<{ url: string; options: RequestOptions }> {
  const url = await urlOf(route, o);
  if (!route.body && !route.text && !route.upload) return { url, options: {} };
  const module = moduleOf(route);
  const make = fixturesOf(module).bodies?.[label(route)];
  if (!make) throw new Error(`no body for ${label(route)} in test/access/${module.name}.ts`);
  const body = await make(o, o.world);
  if (route.upload) {
    if (!(body instanceof FormData)) throw new Error(`the body of ${label(route)} is an upload: a FormData`);
    return { url, options: { form: body } };
  }
  if (route.text) return { url, options: { raw: { body: String(body), type: 'text/plain' } } };
  return { url, options: { body } };
}
