import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ROUTES } from '../src/modules';
import { pathParams } from '../src/rest/routes';
import { documentPath, type OpenApi, restDocument } from './helpers/openapi';

// What a client generator makes of the REST OpenAPI document: it must lint as OpenAPI 3.1, and
// the types openapi-typescript writes from it must give every route of the table a typed call
// (its path parameters, and a success answer that is not `never`), checked by tsc.
let doc: OpenApi;
let dir: string;

beforeAll(async () => {
  doc = await restDocument();
  dir = await mkdtemp(join(tmpdir(), 'openapi-client-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

it('validates as OpenAPI 3.1, and a broken copy does not', async () => {
  // validate() dereferences what it is given: each call gets its own copy.
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  // A response without its description, and a reference to nothing.
  const broken = structuredClone(doc);
  delete broken.paths['/api/v1/employee'].get.responses['200'].description;
  await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/must have required property 'description'/);
  const dangling = structuredClone(doc);
  dangling.paths['/api/v1/employee'].get.responses['400'].$ref = '#/components/responses/Nothing';
  await expect(SwaggerParser.validate(dangling as never)).rejects.toThrow(/Missing \$ref pointer/);
});

it('generates a client whose call of every route type-checks', async () => {
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc));
  // Its command, as a client project runs it: the package loads ES modules jest cannot require.
  await node(bin('openapi-typescript', 'bin', 'cli.js'), join(dir, 'openapi.json'), '-o', join(dir, 'api.d.ts'));
  await writeFile(join(dir, 'calls.ts'), callsOfEveryRoute());
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'commonjs', lib: ['es2022'], types: [] },
      files: ['calls.ts'],
    }),
  );
  expect(await node(bin('typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json'))).toBe('');
});

const bin = (...path: string[]) => join(__dirname, '..', 'node_modules', ...path);

/** Runs a script with this Node; answers '' or, when it fails, what it printed (tsc's diagnostics). */
function node(...args: string[]): Promise<string> {
  return promisify(execFile)(process.execPath, args).then(
    () => '',
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? String(error)}`,
  );
}

/**
 * One typed call per route over the generated `paths`: the parameters object must take exactly
 * the route's path parameters, and the answer of its success status must be a type (undefined for
 * routes without a body). A `@ts-expect-error` call without its path parameter keeps the check honest.
 */
function callsOfEveryRoute(): string {
  const lines = [
    "import type { paths } from './api';",
    "type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';",
    'type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;',
    'type Success<O> = O extends { responses: infer R } ? R[Extract<keyof R, 200 | 201 | 202>] : never;',
    "type Answer<O> = Success<O> extends { content: { 'application/json': infer B } } ? B : undefined;",
    'type PathParams<O> = O extends { parameters: { path: infer T } } ? keyof T : never;',
    'type Is<T extends true> = T;',
    'type NotNever<T> = [T] extends [never] ? false : true;',
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    'declare function call<P extends keyof paths, M extends Method>(',
    '  method: M,',
    '  path: P,',
    "  parameters: Operation<P, M>['parameters'],",
    '): Promise<Answer<Operation<P, M>>>;',
    '',
  ];
  ROUTES.forEach((route, i) => {
    const params = pathParams(route.path);
    const path = JSON.stringify(documentPath(route));
    const values = params.map((param) => `${param}: '00000000-0000-4000-8000-000000000000'`).join(', ');
    lines.push(
      `// ${route.method.toUpperCase()} ${route.path}`,
      `export const answer${i} = call('${route.method}', ${path}, ${params.length ? `{ path: { ${values} } }` : '{}'});`,
      `export type Answer${i} = Is<NotNever<Awaited<typeof answer${i}>>>;`,
      `export type Params${i} = Is<Same<PathParams<Operation<${path}, '${route.method}'>>, ${params.map((p) => `'${p}'`).join(' | ') || 'never'}>>;`,
    );
    if (route.noContent) lines.push(`export type Empty${i} = Is<Same<Awaited<typeof answer${i}>, undefined>>;`);
  });
  lines.push(
    '// @ts-expect-error the path parameter is required',
    "call('get', '/api/v1/employee/{id}', {});",
    "export const employees: Promise<{ id: string; name: string }[]> = call('get', '/api/v1/employee', { query: { limit: 10 } });",
  );
  return `${lines.join('\n')}\n`;
}
