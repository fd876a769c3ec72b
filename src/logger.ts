import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/**
 * How much of an error's message and stack a log line keeps. A database error's message is its
 * whole statement with the values inlined, which may hold a caller's text as long as a request
 * body: bounded, a line stays readable and a caller cannot fill the log through it.
 */
export const MAX_LOGGED_ERROR = 4000;

const cut = (text: unknown) =>
  typeof text === 'string' && text.length > MAX_LOGGED_ERROR ? `${text.slice(0, MAX_LOGGED_ERROR)}… (cut)` : text;

function boundedError(error: Error): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  return { ...serialized, message: cut(serialized.message), stack: cut(serialized.stack) };
}

/**
 * JSON logs. Credentials are redacted wherever they could appear: request headers, and any
 * field named like a secret in what services log.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, output?: DestinationStream): Logger {
  // Asynchronous writes: lines that pile up while one write is under way go out together, instead
  // of a blocking write per request (7% of a read's CPU). pino flushes what is left on exit.
  const destination = output ?? (config.logLevel === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      level: config.logLevel,
      serializers: { err: boundedError },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.authorization',
          '*.secret',
          '*.secretBase64',
          '*.secretData',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
