import { Embedded, Entity, Index, ManyToOne, OptionalProps, Property, type Ref, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { Created } from '../../common/record.embeddables';
import { type StringMap, StringMapScalar } from '../../graphql/string-map';
import { App } from '../app/app.entity';
import { deletedByTrigger } from '../../events/cascades';
import { eventObject } from '../../events/event-objects';

/** The kinds of record that can be mapped to an app (ConnectedTo.type of a mapping). */
export enum MappedType {
  ORGANIZATION = 'ORGANIZATION',
  ACCOUNT = 'ACCOUNT',
  EMPLOYEE = 'EMPLOYEE',
  GROUP = 'GROUP',
  IDP = 'IDP',
  IDP_TASK = 'IDP_TASK',
}
registerEnumType(MappedType, { name: 'MappedType', description: 'A kind of record that can be mapped to an app' });

/**
 * A record of ours mapped to its counterpart in an app (docs/rules.md, "Mappings"): `mappedId` is the
 * counterpart's id in the app's `namespace`. mappingSecrets are stored encrypted and have no
 * @Field here: the resolver decides who sees them.
 */
@ObjectType({ description: 'A record mapped to its counterpart in an app' })
@Entity()
@Unique({ properties: ['app', 'namespace', 'mappedId'] })
@Index({ properties: ['organization', 'entityType', 'entityId'] })
@eventObject('mapping', { secretEncrypted: 'mappingSecrets' })
@deletedByTrigger('Employee', (ids) => ({ entityType: MappedType.EMPLOYEE, entityId: { $in: ids } }))
@deletedByTrigger('Group', (ids) => ({ entityType: MappedType.GROUP, entityId: { $in: ids } }))
@deletedByTrigger('Idp', (ids) => ({ entityType: MappedType.IDP, entityId: { $in: ids } }))
@deletedByTrigger('IdpTask', (ids) => ({ entityType: MappedType.IDP_TASK, entityId: { $in: ids } }))
export class Mapping extends OrganizationRecord {
  [OptionalProps]?: 'organizationId' | 'appId' | 'mappingData' | 'secretEncrypted' | 'updatedAt';

  /** Deleting the app deletes its mappings. */
  @ManyToOne(() => App, { ref: true, deleteRule: 'cascade' })
  app!: Ref<App>;

  @Field(() => ID, { name: 'app', description: 'The app (uuid)' })
  get appId(): string {
    return this.app.id;
  }

  @Field(() => MappedType)
  @Property({ type: 'text' })
  entityType!: MappedType;

  @Field(() => ID)
  @Property({ type: 'uuid' })
  entityId!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  namespace!: string;

  @Field(() => String, { description: 'The id of the counterpart in the app' })
  @Property({ type: 'text' })
  mappedId!: string;

  @Field(() => String, { nullable: true, description: 'A free reference, e.g. a URL of the counterpart' })
  @Property({ type: 'text', nullable: true })
  reference?: string | null;

  @Field(() => StringMapScalar)
  @Property({ type: 'jsonb' })
  mappingData: StringMap = {};

  /** mappingSecrets, each value AES-256-GCM encrypted on its own. */
  @Property({ type: 'jsonb', hidden: true })
  secretEncrypted: StringMap = {};

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;
}
