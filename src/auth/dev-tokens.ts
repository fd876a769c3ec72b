import jwt from 'jsonwebtoken';
import type { Config } from '../config';

/** The platform administrator of development tokens: the start banner's, and the commands'. */
const ADMIN = { sub: 'dev-admin', email: 'admin@example.com', name: 'Administrator', roles: ['ADMIN'] };

/** A token signed with the configured HS256 secret, living `seconds`. */
export function signToken(config: Pick<Config, 'jwtSecret'>, claims: Record<string, unknown>, seconds: number): string {
  return jwt.sign(claims, config.jwtSecret, { algorithm: 'HS256', expiresIn: seconds });
}

/** A platform administrator's token, acting in `org` when given. */
export function adminToken(config: Pick<Config, 'jwtSecret'>, seconds: number, org?: string): string {
  return signToken(config, { ...ADMIN, ...(org ? { org } : {}) }, seconds);
}
