import { Field, ObjectType } from 'type-graphql';
import { ConnectedTo } from '../idp/idp-task.entity';
import { Mapping } from './mapping.entity';

/** An item of an app's mappings (appMappings, GET /app/{app}/mappings): the record of ours, and how it is mapped. */
@ObjectType({ description: 'A mapped record and its mapping' })
export class MappedEntity {
  @Field(() => ConnectedTo)
  entity!: ConnectedTo;

  @Field(() => Mapping)
  mapping!: Mapping;

  static of(mapping: Mapping): MappedEntity {
    const entity = Object.assign(new ConnectedTo(), {
      entityId: mapping.entityId,
      type: mapping.entityType,
      organization: mapping.organization.id,
    });
    return Object.assign(new MappedEntity(), { entity, mapping });
  }
}
