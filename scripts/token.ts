// Prints a user token signed with the configured secret (JWT_SECRET, or the development secret
// kept in DATA_DIR), to work as any user in any organization:
//   npm run token -- --email ana@example.com [--org <id|alias>] [--name "Ana"] [--admin] [--ttl 1h]
// An organization alias is looked up on the running service (--url, default http://localhost:PORT).
import { adminToken, signToken } from '../src/auth/dev-tokens';
import { loadConfig } from '../src/config';

const USAGE =
  'usage: npm run token -- --email <address> [--org <id|alias>] [--name <name>] [--admin] [--ttl <30m|1h|2d|seconds>] [--url <service url>]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface TokenOptions {
  email: string;
  org?: string;
  name?: string;
  admin: boolean;
  ttlSeconds?: number;
  url?: string;
}

/** A lifetime as written ("90", "30m", "1h", "2d") in seconds, or null when it is not one. */
export function lifetime(text: string): number | null {
  const m = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
}

/** The options of a command line, or the reason it is not one. */
export function readOptions(args: readonly string[]): TokenOptions | string {
  const options: Partial<TokenOptions> & { admin: boolean } = { admin: false };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--admin') {
      options.admin = true;
      continue;
    }
    const value = args[i + 1];
    if (!['--email', '--org', '--name', '--ttl', '--url'].includes(flag)) return `unknown option ${flag}`;
    if (value === undefined || value.startsWith('--')) return `${flag} needs a value`;
    i++;
    if (flag === '--ttl') {
      const seconds = lifetime(value);
      if (!seconds) return `--ttl: "${value}" is not a lifetime such as 30m, 1h or 2d`;
      options.ttlSeconds = seconds;
    } else options[flag.slice(2) as 'email' | 'org' | 'name' | 'url'] = value;
  }
  if (!options.email) return '--email is required';
  if (!EMAIL.test(options.email)) return `--email: "${options.email}" is not an e-mail address`;
  return options as TokenOptions;
}

/** The id of an organization given by id or alias; an alias is asked of the running service. */
async function organizationId(org: string, url: string, adminToken: string): Promise<string> {
  if (UUID.test(org)) return org;
  let res: Response;
  try {
    res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        query: 'query ($alias: String!) { organizationByAlias(alias: $alias) { id } }',
        variables: { alias: org },
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Error(
      `--org: could not reach the service at ${url} to look up the alias "${org}"; start it (npm start), pass --url, or give the organization's id`,
    );
  }
  const body = (await res.json()) as {
    data?: { organizationByAlias?: { id: string } };
    errors?: { message: string }[];
  };
  const id = body.data?.organizationByAlias?.id;
  if (!id) throw new Error(`--org: ${body.errors?.[0]?.message ?? `no organization with the alias "${org}"`}`);
  return id;
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (typeof options === 'string') {
    console.error(`${options}\n${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.jwtJwksUrl) {
    console.error('JWT_JWKS_URL is set: tokens come from that identity provider, not from this command');
    process.exit(2);
  }
  const ttl = options.ttlSeconds ?? Math.min(3600, config.jwtMaxLifetimeSeconds);
  if (ttl > config.jwtMaxLifetimeSeconds) {
    console.error(`--ttl: at most ${config.jwtMaxLifetimeSeconds} seconds (JWT_MAX_LIFETIME_SECONDS)`);
    process.exit(2);
  }
  const url = options.url ?? `http://localhost:${config.port}`;
  const org = options.org ? await organizationId(options.org, url, adminToken(config, 60)) : undefined;
  // The subject is stable per address, so that the same account signs in each time.
  const claims = {
    sub: `dev:${options.email.toLowerCase()}`,
    email: options.email,
    name: options.name ?? options.email.split('@')[0],
    ...(org ? { org } : {}),
    ...(options.admin ? { roles: ['ADMIN'] } : {}),
  };
  process.stdout.write(`${signToken(config, claims, ttl)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
