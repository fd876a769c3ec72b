import { DriverException } from '@mikro-orm/core';
import pino from 'pino';
import { maskError } from '../src/graphql/mask-error';

// src/graphql/mask-error.ts: a lost database is 503 however the driver says it (a refused
// connection's code, or a pooled connection's "terminated" message with no code); anything else
// is a bare internal error.

const logger = pino({ level: 'silent' });

describe('a lost database is SERVICE_UNAVAILABLE', () => {
  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new DriverException(new Error('Connection terminated unexpectedly')),
  ])('%s', (error) => {
    expect(maskError(error, logger)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'the database is unavailable; try again shortly',
    });
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    Object.assign(new Error('connection terminated by a syntax error'), { code: '42601' }),
  ])('%s is an internal error, its words not shown', (error) => {
    expect(maskError(error, logger)).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'internal server error' });
  });
});
