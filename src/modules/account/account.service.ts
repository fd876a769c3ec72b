import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Created, Status } from '../../common/record.embeddables';
import { TENANT_FILTER } from '../../db/tenant-filter';
import { forbidden, unauthenticated } from '../../graphql/errors';
import type { TokenClaims } from '../../auth/tokens';
import { ACCOUNT_STATES, Account } from './account.entity';
import { Grant } from './grant.entity';

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
