import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

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
