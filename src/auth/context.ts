import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PubSub } from 'type-graphql';
import { Loaders } from '../common/loaders';
import { scopeToTenant } from '../db/tenant-filter';
import { setActor } from '../events/actor';
import { forbidden, unauthenticated } from '../graphql/errors';
import type { Caller } from './caller';
import type { LiveRights } from './live-rights';
import { Role } from './roles';
import type { TokenClaims, TokenVerifier, VerifiedToken } from './tokens';

/** What every resolver receives: one EntityManager fork, the caller and the DataLoaders of one operation. */
export interface Context {
  em: EntityManager;
  caller: Caller | null;
  loaders: Loaders;
  /** The instance's event bus, for subscriptions that must check access before they listen. */
  bus: PubSub;
  /** Set for graphql-ws operations: the rights a subscription must keep while it runs. */
  live?: LiveRights;
}

/** An account as sign-in finds it, with its grants. */
export interface SignedIn {
  id: string;
  email: string;
  grants: { organization: { id: string }; role: Role }[];
}

/** What sign-in needs of the accounts; the account module's AccountService provides it. */
export interface SignInAccounts {
  /** The account of a token's issuer and subject, or null before its first sign-in. */
  signedIn(em: EntityManager, issuer: string, subject: string): Promise<SignedIn | null>;
  /** The account of this id with its grants, or null when it no longer exists; a deactivated account throws as in signedIn. */
  signedInById(em: EntityManager, accountId: string): Promise<SignedIn | null>;
  /** Creates or links the account of a first sign-in. */
  signIn(em: EntityManager, claims: TokenClaims): Promise<{ id: string; email: string }>;
  grantsOf(em: EntityManager, accountId: string): Promise<{ organization: { id: string }; role: Role }[]>;
}

/** Builds the context of a request or websocket operation; the same code serves GraphQL and REST. */
export class ContextFactory {
  constructor(
    private readonly orm: MikroORM,
    private readonly verifier: TokenVerifier,
    private readonly accounts: SignInAccounts,
    private readonly bus: PubSub,
  ) {}

  /** `authorization` is the raw header value; absent means an anonymous caller. */
  async create(authorization: string | undefined): Promise<Context> {
    const caller = authorization ? await this.resolveCaller(authorization) : null;
    const em = this.orm.em.fork();
    scopeToTenant(em, caller?.orgId ?? null);
    setActor(em, caller?.actorId ?? null);
    return { em, caller, loaders: new Loaders(em, caller), bus: this.bus };
  }

  private async resolveCaller(authorization: string): Promise<Caller> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthenticated('authorization header must be "Bearer <token>"');
    const token = await this.verifier.verify(match[1]);
    if (token.kind === 'organizationKey') return keyCaller(token);
    const { claims } = token;
    const em = this.orm.em.fork();
    const account =
      (await this.accounts.signedIn(em, claims.issuer, claims.sub)) ?? (await this.firstSignIn(em, claims));
    // The roles claim carries platform roles only: ADMIN. Any other value in it is ignored, so a
    // token cannot lift its holder above the grants an organization gave them.
    const platformAdmin = claims.roles.includes(Role.ADMIN);
    return accountCaller(account, {
      org: claims.org,
      orgNamed: 'named by the token',
      platformAdmin,
      expiresAt: token.expiresAt,
    });
  }

  /** A subject seen for the first time: bound to the unbound account of its email, or a new account. */
  private async firstSignIn(em: EntityManager, claims: TokenClaims): Promise<SignedIn> {
    const account = await this.accounts.signIn(em, claims);
    return { id: account.id, email: account.email, grants: await this.accounts.grantsOf(em, account.id) };
  }
}

/** Where a signed-in account acts: a token's org claim, or the organization of a workflow run for it. */
export interface Acting {
  /** The organization; without it, the account's first. */
  org?: string;
  /** How a refusal names the organization ("named by the token"). */
  orgNamed: string;
  platformAdmin: boolean;
  expiresAt?: number;
}

/**
 * The one way from a signed-in account (active: signedIn and signedInById refuse a deactivated
 * one) to a Caller, for requests and for the work done in an account's name (workflow runs): its
 * grants become its memberships, the organization it acts in must be one of them unless it is a
 * platform ADMIN (403 otherwise), and its roles there are the ones granted.
 */
export function accountCaller(account: SignedIn, acting: Acting): Caller {
  const memberships = membershipsOf(account.grants);
  // Without an org claim the current organization is the caller's first one.
  const orgId = acting.org ?? memberships.keys().next().value ?? null;
  if (acting.org && !memberships.has(acting.org) && !acting.platformAdmin) {
    throw forbidden(`no access to the organization ${acting.orgNamed}`);
  }
  const roles: ReadonlySet<Role> = new Set(orgId ? (memberships.get(orgId) ?? []) : []);
  return {
    kind: 'user',
    actorId: account.id,
    accountId: account.id,
    email: account.email,
    orgId,
    roles,
    platformAdmin: acting.platformAdmin,
    memberships,
    expiresAt: acting.expiresAt,
  };
}

/** Roles per organization, from an account's grants. */
export function membershipsOf(grants: readonly { organization: { id: string }; role: Role }[]): Map<string, Set<Role>> {
  const memberships = new Map<string, Set<Role>>();
  for (const grant of grants) {
    const roles = memberships.get(grant.organization.id) ?? new Set<Role>();
    roles.add(grant.role);
    memberships.set(grant.organization.id, roles);
  }
  return memberships;
}

function keyCaller(token: Extract<VerifiedToken, { kind: 'organizationKey' }>): Caller {
  const roles = new Set([token.role]);
  return {
    kind: 'organizationKey',
    actorId: token.keyId,
    accountId: null,
    email: null,
    orgId: token.organization,
    roles,
    platformAdmin: false,
    memberships: new Map([[token.organization, roles]]),
    expiresAt: token.expiresAt,
  };
}
