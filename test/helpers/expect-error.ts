// Beside api.ts, which the benchmarks build without jest's globals.
/** Asserts a REST error answer: its status and its body, the JSON string of the message (docs/rest.md). */
export function expectError(res: { status: number; body: unknown }, status: number, message: string | RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}
