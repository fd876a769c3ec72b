import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref, Unique } from '@mikro-orm/core';
import type { StringMap } from '../../graphql/string-map';
import { Account } from './account.entity';
import { partOf } from '../../events/event-objects';

/** Preferences of an account in one namespace; an account's own, across organizations. */
@Entity()
@Unique({ properties: ['account', 'namespace'] })
@partOf<AccountPreference>(() => Account, 'preferences', (p) => p.account)
export class AccountPreference {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Account, { ref: true, deleteRule: 'cascade', index: true })
  account!: Ref<Account>;

  @Property({ type: 'text' })
  namespace!: string;

  @Property({ type: 'jsonb' })
  values: StringMap = {};

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
