import type { Request } from './load';

/** JSON with every object's keys in order, at any depth: two answers compare as text after this. */
export function canonical(text: string): string {
  const order = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(order);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, order((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(order(JSON.parse(text)));
}

/** Where two texts first differ, with some context, to say in a failure what differs. */
export function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 120);
  return `at character ${at}:\n    ${a.slice(from, at + 120)}\n  vs\n    ${b.slice(from, at + 120)}`;
}

export interface Server {
  name: string;
  url: string;
}

/**
 * A baseline must answer what the service answers, or its numbers compare nothing: each request
 * goes to the service and to every baseline; each answer must be a 200 whose JSON, keys ordered,
 * is byte for byte the service's, and at least one answer must not be empty.
 */
export async function sameAnswers(
  service: Server,
  baselines: Server[],
  token: string,
  requests: Request[],
): Promise<string[]> {
  const problems: string[] = [];
  const ask = async (server: Server, request: Request) => {
    const response = await fetch(server.url + request.path, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: request.body,
    });
    return { status: response.status, text: await response.text() };
  };
  let compared = 0;
  for (const request of requests) {
    const ours = await ask(service, request);
    const label = `${request.method} ${request.path}${request.body ? ` ${request.body}` : ''}`;
    if (ours.status !== 200) {
      problems.push(`${label}: the service answered ${ours.status} ${ours.text.slice(0, 300)}`);
      continue;
    }
    const expected = canonical(ours.text);
    if (!['[]', '{}', 'null'].includes(expected)) compared++;
    for (const baseline of baselines) {
      const raw = await ask(baseline, request);
      if (raw.status !== 200) {
        problems.push(`${label}: ${baseline.name} answered ${raw.status} ${raw.text.slice(0, 300)}`);
        continue;
      }
      const got = canonical(raw.text);
      if (got !== expected)
        problems.push(
          `${label}: ${baseline.name} answers differently from the service ${firstDifference(expected, got)}`,
        );
    }
  }
  if (!compared && requests.length)
    problems.push(
      `${requests[0].method} ${requests[0].path}: every answer of the service was empty, so the check compared nothing`,
    );
  return problems;
}
