import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { administeredOrganization } from '../../auth/access';
import type { Context } from '../../auth/context';
import { type Connection, findPage, MAX_PAGE, type WholeSyncPageArgs } from '../../common/connection';
import type { SecretBox } from '../../common/secret-box';
import { conflict, notFound } from '../../graphql/errors';
import { Organization } from '../organization/organization.entity';
import { Webhook } from './webhook.entity';
import type { WebhookKeyInput } from './webhook.inputs';
import { WebhookKey } from './webhook-key.entity';

/** Keys list oldest first, as the first is the default (the list's order, for findPage). */
const KEY_ORDER = { keys: ['createdAt', 'id'] } as const;
/** The same order for a plain find (the oldest remaining key becomes the default). */
const ORDER = { orderBy: { createdAt: 'asc', id: 'asc' } } as const;

/**
 * Webhook keys of the current organization, for its ORG_ADMINs, organization tokens and platform
 * ADMINs (docs/events-and-webhooks.md, "Webhook keys"). The first key is the default; key changes
 * lock the organization row so that two at once cannot leave two defaults or none.
 */
export class WebhookKeyService {
  constructor(private readonly secrets: SecretBox) {}

  list(ctx: Context, page: WholeSyncPageArgs): Promise<Connection<WebhookKey>> {
    administeredOrganization(ctx);
    return findPage(ctx.em, WebhookKey, {}, page, KEY_ORDER, MAX_PAGE);
  }

  async create(ctx: Context, input: WebhookKeyInput): Promise<WebhookKey> {
    const orgId = administeredOrganization(ctx);
    const secret = randomBytes(32);
    const key = await ctx.em.transactional(async (tx) => {
      await lockOrganization(tx, orgId);
      const isDefault = (await tx.count(WebhookKey, {})) === 0;
      return tx.create(WebhookKey, {
        organization: orgId,
        name: input.name,
        secretEncrypted: this.secrets.encrypt(secret),
        isDefault,
      });
    });
    key.secretBase64 = secret.toString('base64');
    return key;
  }

  async makeDefault(ctx: Context, id: string): Promise<WebhookKey> {
    const orgId = administeredOrganization(ctx);
    return ctx.em.transactional(async (tx) => {
      await lockOrganization(tx, orgId);
      const key = await getKey(tx, id);
      for (const other of await tx.find(WebhookKey, { isDefault: true, id: { $ne: key.id } })) other.isDefault = false;
      key.isDefault = true;
      return key;
    });
  }

  /** A key that signs webhooks cannot go (409); when the default goes, the oldest remaining key becomes the default. */
  async delete(ctx: Context, id: string): Promise<boolean> {
    const orgId = administeredOrganization(ctx);
    await ctx.em.transactional(async (tx) => {
      await lockOrganization(tx, orgId);
      const key = await getKey(tx, id);
      const users = await tx.count(Webhook, { signingKey: key.id });
      if (users) throw conflict(`the key signs ${users} webhook(s); give them another signingKey or delete them first`);
      tx.remove(key);
      if (key.isDefault) {
        const [next] = await tx.find(WebhookKey, { id: { $ne: key.id } }, { ...ORDER, limit: 1 });
        if (next) next.isDefault = true;
      }
    });
    return true;
  }
}

export async function getKey(em: EntityManager, id: string): Promise<WebhookKey> {
  const key = await em.findOne(WebhookKey, id);
  if (!key) throw notFound('webhook key');
  return key;
}

async function lockOrganization(tx: EntityManager, orgId: string): Promise<void> {
  await tx.findOne(Organization, orgId, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
