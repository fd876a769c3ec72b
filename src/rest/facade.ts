import express, { type Request, type Response, Router } from 'express';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { ContextFactory } from '../auth/context';
import type { CompiledExecution } from '../graphql/compiled-execution';
import { badInput } from '../graphql/errors';
import { maskError } from '../graphql/mask-error';
import { type Admission, clientGone, type Permit, type RouteAdmission, routeAdmission } from '../http/admission';
import { type PreparedRoute, prepareRoute } from './documents';
import { sendError } from './errors';
import { inputProblem, pruneUnknown } from './input';
import { methodNotAllowed } from './methods';
import { readUpload } from './multipart';
import type { RestFile, RestRoute } from './routes';

/**
 * The REST facade: each route runs its pre-validated GraphQL document with graphql's execute()
 * and the same context builder as /graphql, so auth, validation and tenancy are one code path.
 */
export function restRouter(
  schema: GraphQLSchema,
  routes: readonly RestRoute[],
  execution: CompiledExecution,
  contexts: ContextFactory,
  logger: Logger,
  uploadLimitBytes: number,
  admission: Admission,
): Router {
  const router = Router();
  // A URI fits in a few KB; text/plain bodies are read only for the routes that take one.
  const text = express.text({ type: 'text/plain', limit: '16kb' });
  for (const prepared of routes.map((route) => prepareRoute(schema, route))) {
    const admit = routeAdmission(admission, schema, prepared.document);
    const run = (req: Request, res: Response) =>
      handle(prepared, execution, admit, contexts, logger, uploadLimitBytes, req, res);
    if (prepared.route.text) router[prepared.route.method](prepared.route.path, text, run);
    else router[prepared.route.method](prepared.route.path, run);
  }
  // After every route, so that a path two patterns match is served by whichever has the method.
  methodNotAllowed(router, routes);
  return router;
}

async function handle(
  { route, field, document }: PreparedRoute,
  execution: CompiledExecution,
  admit: RouteAdmission,
  contexts: ContextFactory,
  logger: Logger,
  uploadLimitBytes: number,
  req: Request,
  res: Response,
): Promise<void> {
  // Held from admission until the answer is written or the request failed (finally below).
  let permit: Permit | undefined;
  try {
    const contextValue = await contexts.create(req.get('authorization'));
    if (!contextValue.caller) {
      // Every route needs a caller: say 401 before judging the input.
      sendError(req, res, 'UNAUTHENTICATED', 'authentication required');
      return;
    }
    const { variables, names } = readVariables({ route, field, document }, req);
    const file = route.file && wantsFile(req, route.file.query) ? route.file : undefined;
    // Admitted before a file is read, as /graphql admits before it reads an upload's stream.
    permit = await admit(variables, res);
    if (file) {
      sendFile(res, await file.read(contextValue, variables));
      return;
    }
    if (route.upload) variables[route.upload] = await readUpload(req, route.upload, uploadLimitBytes);
    const result = await execution.run(document, undefined, variables, contextValue, clientGone(res));
    if (result.errors?.length) {
      const { code, message } = maskError(result.errors[0], logger);
      copyHeaders(result.errors[0], res);
      sendError(req, res, code, restNamed(result.errors[0], message, names));
      return;
    }
    const status = route.status ?? 200;
    if (route.noContent) {
      res.status(status).end();
      return;
    }
    const data = (result.data as { result: Record<string, unknown> }).result;
    if (typeof data.totalCount === 'number') pageHeaders(req, res, data.totalCount, (data.nodes as unknown[]).length);
    res.status(status).json(route.pick ? data[route.pick] : data);
  } catch (error) {
    const { code, message } = maskError(error, logger);
    sendError(req, res, code, message);
  } finally {
    permit?.release();
  }
}

/**
 * A page of a list says how many items match in all (X-Total-Count) and, while more follow, where
 * the next page is (Link rel="next": the same request with the offset moved past this page).
 */
function pageHeaders(req: Request, res: Response, total: number, count: number): void {
  res.set('X-Total-Count', String(total));
  // The query as sent (not as parsed), so the next page repeats it exactly but for the offset.
  const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  const sent = query.get('offset');
  const offset = sent && /^\d+$/.test(sent) ? Number(sent) : 0;
  if (count === 0 || offset + count >= total) return;
  query.set('offset', String(offset + count));
  res.set('Link', `<${req.baseUrl}${req.path}?${query.toString()}>; rel="next"`);
}

/** `?<query>=1` (or `true`) asks for the file; absent, `0` or `false`, for the JSON record. */
function wantsFile(req: Request, query: string): boolean {
  const value = req.query[query];
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw badInput(`${query} must be 1 (the file) or 0 (the JSON record)`);
}

/** A download: the bytes as they are, saved under their name rather than shown (Content-Disposition: attachment). */
function sendFile(res: Response, file: RestFile): void {
  res.status(200).set({ 'content-type': file.contentType, 'content-disposition': attachment(file.filename) });
  res.send(file.bytes);
}

/**
 * Content-Disposition for a file to save (RFC 6266): `filename` holds an ASCII stand-in for
 * clients that know no better, and `filename*` the exact name as UTF-8 (RFC 8187), which
 * clients that read it prefer, so names in any script arrive intact.
 */
export function attachment(filename: string): string {
  // Quotes, backslashes and percent signs are left out of the quoted form: clients unescape them differently.
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Headers an error asks for (Retry-After of a 429), as Apollo sends them on /graphql. */
function copyHeaders(error: GraphQLError, res: Response): void {
  // graphql-jit leaves extensions undefined on errors that carry none.
  const headers = (error.extensions?.http as { headers?: unknown } | undefined)?.headers;
  if (headers instanceof Map) for (const [name, value] of headers) res.set(String(name), String(value));
}

/**
 * A message about an argument that REST calls otherwise (`first` is `limit`) names the REST
 * parameter: the resolver's validation only knows the argument (badArgument).
 */
function restNamed(error: GraphQLError, message: string, names: Record<string, string>): string {
  const argument = error.extensions?.argument;
  if (typeof argument !== 'string' || !message.startsWith(argument)) return message;
  const param = names[argument];
  return param ? param + message.slice(argument.length) : message;
}

interface Variables {
  variables: Record<string, unknown>;
  /** Argument -> the REST name it came in as ('' for the JSON body). */
  names: Record<string, string>;
}

/** Path, query and body -> the variables of the route's document, checked with named-field messages. */
function readVariables({ route, field }: PreparedRoute, req: Request): Variables {
  const variables: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  for (const [param, value] of Object.entries(req.params as Record<string, string>)) {
    const arg = route.args?.[param] ?? param;
    variables[arg] = value;
    names[arg] = param;
  }
  for (const param of route.query ?? []) {
    const value = req.query[param];
    if (value === undefined) continue;
    const arg = route.args?.[param] ?? param;
    variables[arg] = queryValue(value);
    names[arg] = param;
  }
  if (route.text) {
    if (typeof req.body !== 'string') throw badInput(`${route.text} is required: send it as the text/plain body`);
    variables[route.text] = req.body;
    names[route.text] = route.text;
  }
  if (route.body) {
    if (req.body === undefined) throw badInput('request body must be a JSON object (content-type: application/json)');
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body))
      throw badInput('request body must be a JSON object');
    names[route.body] = '';
  }
  for (const arg of field.args) {
    // The file is read after the caller is known; the Upload scalar checks it.
    if (arg.name === route.upload) continue;
    if (arg.name === route.body) variables[arg.name] = pruneUnknown(req.body, arg.type);
    const problem = inputProblem(names[arg.name] ?? arg.name, variables[arg.name], arg.type);
    if (problem) throw badInput(problem);
  }
  return { variables, names };
}

/** Query strings are text: numbers and booleans are read as such so the argument types can judge them. */
function queryValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^-?\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}
