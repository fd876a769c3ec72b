import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Created, Status } from '../../common/record.embeddables';
import { scopeToTenant, TENANT_FILTER } from '../../db/tenant-filter';
import { setActor } from '../../events/actor';
import { forbidden, unauthenticated } from '../../graphql/errors';
import type { Role } from '../../auth/roles';
import { LOCAL_ISSUER, type TokenClaims } from '../../auth/tokens';
import { ACCOUNT_STATES, Account } from './account.entity';
import { Grant } from './grant.entity';
import type { SignedIn, SignInAccounts } from '../../auth/context';

const BOUND_ELSEWHERE = 'invalid token: the account of this email is bound to another subject';

/** An account as a request's caller: who, and the roles it holds where. */
/** Account rules shared by sign-in and the account API. */
export class AccountService implements SignInAccounts {
  /**
   * The account a verified token acts for (docs/tokens.md): the one bound to the token's
   * (issuer, sub); else the unbound account of its email (created by an administrator, never
   * signed in), which is bound now; else a new account. The email never reaches an account bound
   * to another subject, and an identity provider's email counts only when it is not marked
   * unverified.
   */
  async signIn(em: EntityManager, claims: TokenClaims): Promise<Account> {
    const bound = await this.boundTo(em, claims);
    if (bound) {
      if (!bound.active) throw forbidden('account is deactivated');
      return bound;
    }
    if (!claims.email) throw unauthenticated('invalid token: unknown subject and no email claim');
    // An unverified address is anybody's to type: it neither links to nor claims an account.
    if (claims.issuer !== LOCAL_ISSUER && claims.emailVerified === false) {
      throw unauthenticated(
        'invalid token: the identity provider has not verified the email (email_verified is false)',
      );
    }
    const existing = await em.findOne(Account, { email: claims.email });
    if (existing) return this.bind(em, existing, claims);
    try {
      return await this.create(em, claims.email, claims.name, null, { issuer: claims.issuer, subject: claims.sub });
    } catch (error) {
      // Two first requests race to create the account; the loser reads the winner's, if it is its own.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      const account = await em.findOne(Account, { email: claims.email });
      if (!account) throw error;
      return this.bind(em, account, claims);
    }
  }

  /** The account bound to the token's (issuer, sub), recording the issuer of a subject bound before issuers were. */
  private async boundTo(em: EntityManager, claims: TokenClaims): Promise<Account | null> {
    const [account] = await em.find(
      Account,
      { subject: claims.sub, $or: [{ issuer: claims.issuer }, { issuer: null }] },
      { orderBy: { issuer: 'asc nulls last' }, limit: 1 },
    );
    if (account && account.issuer === null) await this.recordIssuer(em, account.id, claims.issuer, claims.org);
    return account ?? null;
  }

  /** Binds an unbound account to the token's subject; an account bound to another subject stays out of reach (401). */
  private async bind(em: EntityManager, account: Account, claims: TokenClaims): Promise<Account> {
    const isTheirs = (bound: Account) =>
      bound.subject === claims.sub && (bound.issuer ?? claims.issuer) === claims.issuer;
    if (!account.subject) {
      account = await this.writeBinding(em, account.id, claims.org, (current) => {
        // Of two subjects racing for one unbound account, the second reads the first's subject here.
        if (!current.subject) Object.assign(current, { subject: claims.sub, issuer: claims.issuer });
        else if (!isTheirs(current)) throw unauthenticated(BOUND_ELSEWHERE);
      });
    } else if (!isTheirs(account)) {
      throw unauthenticated(BOUND_ELSEWHERE);
    }
    if (!account.active) throw forbidden('account is deactivated');
    return account;
  }

  private async recordIssuer(
    em: EntityManager,
    accountId: string,
    issuer: string,
    organization?: string | null,
  ): Promise<void> {
    try {
      await this.writeBinding(em, accountId, organization, (current) => {
        if (current.issuer === null) current.issuer = issuer;
      });
    } catch (error) {
      // Another account already holds (sub, issuer): it is found first from now on.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }

  /**
   * Changes an account's binding (`change` sets issuer and subject on the current row) through
   * the unit of work, so that change capture records it as account.patch naming the fields: a
   * webhook of account.* and the change feed see a subject bound at sign-in. The row is read with
   * FOR UPDATE first, so two sign-ins at once take turns: the second waits for the first to commit
   * and `change` sees what it bound. The event's actor is the account (it signed in), its
   * organization the one the token names or the account's first.
   */
  private async writeBinding(
    em: EntityManager,
    accountId: string,
    organization: string | null | undefined,
    change: (current: Account) => void,
  ): Promise<Account> {
    return em.transactional(async (tx) => {
      const current = await tx.findOneOrFail(Account, accountId, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
        refresh: true,
      });
      change(current);
      const grants = await this.grantsOf(tx, accountId);
      const home = grants.find((g) => g.organization.id === organization) ?? grants[0];
      scopeToTenant(tx, home?.organization.id ?? null);
      setActor(tx, accountId);
      return current;
    });
  }

  /**
   * The account bound to this (issuer, subject) and its grants, read with one statement because
   * every request asks (the ORM's two queries were a fifth of a read's CPU); null for a first sign-in.
   */
  async signedIn(em: EntityManager, issuer: string, subject: string): Promise<SignedIn | null> {
    const account = await this.readSignedIn(
      em,
      'a.subject = ? and (a.issuer = ? or a.issuer is null) order by a.issuer nulls last, g.created_at',
      [subject, issuer],
    );
    if (account?.issuer === null) await this.recordIssuer(em, account.id, issuer);
    return account;
  }

  /**
   * The account of this id and its grants, with the checks of sign-in (a deactivated account is
   * refused, 403): how work done in an account's name without a token (a workflow run) finds who
   * it acts for. Null when the account no longer exists.
   */
  async signedInById(em: EntityManager, accountId: string): Promise<SignedIn | null> {
    return this.readSignedIn(em, 'a.id = ? order by g.created_at', [accountId]);
  }

  /** The first account the condition finds, with its grants; a deactivated one throws 403. */
  private async readSignedIn(
    em: EntityManager,
    condition: string,
    params: string[],
  ): Promise<(SignedIn & { issuer: string | null }) | null> {
    const rows = await em.execute<
      {
        id: string;
        email: string;
        active: boolean;
        issuer: string | null;
        organization_id: string | null;
        role: Role | null;
      }[]
    >(
      `select a.id, a.email, a.active, a.issuer, g.organization_id, g.role
         from account a left join "grant" g on g.account_id = a.id
        where ${condition}`,
      params,
    );
    if (!rows.length) return null;
    const own = rows.filter((r) => r.id === rows[0].id);
    if (!own[0].active) throw forbidden('account is deactivated');
    const grants = own.flatMap((r) =>
      r.organization_id && r.role ? [{ organization: { id: r.organization_id }, role: r.role }] : [],
    );
    return { id: own[0].id, email: own[0].email, issuer: own[0].issuer, grants };
  }

  /** Creates and flushes an account; `createdBy` null means the account created itself. */
  async create(
    em: EntityManager,
    email: string,
    name: string | undefined,
    createdBy: string | null,
    binding?: { issuer: string; subject: string },
  ): Promise<Account> {
    const account = em.create(Account, {
      email: email.toLowerCase(),
      name: name?.trim() || email.split('@')[0],
      issuer: binding?.issuer ?? null,
      subject: binding?.subject ?? null,
      active: true,
      status: Status.of(ACCOUNT_STATES.ACTIVE, createdBy),
      created: Created.by(createdBy),
    });
    if (!createdBy) {
      account.status.changedBy = account.id;
      account.created.createdBy = account.id;
    }
    await em.flush();
    return account;
  }

  /** Every grant of an account, across organizations: the caller's own memberships. */
  async grantsOf(em: EntityManager, accountId: string): Promise<Grant[]> {
    return em.find(
      Grant,
      { account: accountId },
      { filters: { [TENANT_FILTER]: false }, orderBy: { createdAt: 'asc' } },
    );
  }
}
