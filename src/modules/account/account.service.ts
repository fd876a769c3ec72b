import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Created, Status } from '../../common/record.embeddables';
import { TENANT_FILTER } from '../../db/tenant-filter';
import { forbidden, unauthenticated } from '../../graphql/errors';
import type { Role } from '../../auth/roles';
import type { TokenClaims } from '../../auth/tokens';
import { ACCOUNT_STATES, Account } from './account.entity';
import { Grant } from './grant.entity';

/** An account as a request's caller: who, and the roles it holds where. */
export interface SignedIn {
  id: string;
  email: string;
  grants: { organization: { id: string }; role: Role }[];
}

/** Account rules shared by sign-in and the account API. */
export class AccountService {
  /**
   * The account a verified token acts for: found by subject, else by email (then bound to the
   * subject), else created from the email claim on first use.
   */
  async signIn(em: EntityManager, claims: TokenClaims): Promise<Account> {
    const existing =
      (await em.findOne(Account, { subject: claims.sub })) ??
      (claims.email ? await em.findOne(Account, { email: claims.email }) : null);
    if (existing) {
      if (!existing.active) throw forbidden('account is deactivated');
      if (!existing.subject) {
        existing.subject = claims.sub;
        await em.flush();
      }
      return existing;
    }
    if (!claims.email) throw unauthenticated('invalid token: unknown subject and no email claim');
    try {
      return await this.create(em, claims.email, claims.name, null, claims.sub);
    } catch (error) {
      // Two first requests of a new user race to create the account; the loser reads the winner's.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      const account = await em.findOne(Account, { email: claims.email });
      if (!account) throw error;
      return account;
    }
  }

  /**
   * The account signed in with this subject and its grants, read with one statement because every
   * request asks (the ORM's two queries were a fifth of a read's CPU); null for a first sign-in.
   */
  async signedIn(em: EntityManager, subject: string): Promise<SignedIn | null> {
    const rows = await em.execute<{ id: string; email: string; active: boolean; organization_id: string | null; role: Role | null }[]>(
      `select a.id, a.email, a.active, g.organization_id, g.role
         from account a left join "grant" g on g.account_id = a.id
        where a.subject = ? order by g.created_at`,
      [subject],
    );
    if (!rows.length) return null;
    if (!rows[0].active) throw forbidden('account is deactivated');
    const grants = rows.flatMap((r) => (r.organization_id && r.role ? [{ organization: { id: r.organization_id }, role: r.role }] : []));
    return { id: rows[0].id, email: rows[0].email, grants };
  }

  /** Creates and flushes an account; `createdBy` null means the account created itself. */
  async create(em: EntityManager, email: string, name: string | undefined, createdBy: string | null, subject?: string): Promise<Account> {
    const account = em.create(Account, {
      email: email.toLowerCase(),
      name: name?.trim() || email.split('@')[0],
      subject: subject ?? null,
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
    return em.find(Grant, { account: accountId }, { filters: { [TENANT_FILTER]: false }, orderBy: { createdAt: 'asc' } });
  }
}
