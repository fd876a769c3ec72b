import pino, { type Logger } from 'pino';
import type { Config } from './config';

/**
 * JSON logs. Credentials are redacted wherever they could appear: request headers, and any
 * field named like a secret in what services log.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
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
  });
}
