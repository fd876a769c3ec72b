import type { GraphQLField, GraphQLObjectType } from 'graphql';
import { Extensions, Field } from 'type-graphql';

/**
 * REST answers have fixed keys (docs/rest.md) while the facade derives them from the GraphQL types
 * (src/rest/documents.ts). These field extensions tell it where the two differ; everything else in
 * a type is a REST key of the same name.
 */
interface RestFieldExtensions {
  /** Shown to GraphQL clients only: relations to other records, and stamps REST's shapes lack. */
  graphOnly?: boolean;
  /** The key REST answers this field under. */
  restName?: string;
}

/** A field GraphQL clients see and REST answers leave out. */
export const GraphOnly = () => Extensions({ graphOnly: true } satisfies RestFieldExtensions);

/** A field REST answers under another key (the one its fixed shape gives the value). */
export const RestName = (name: string) => Extensions({ restName: name } satisfies RestFieldExtensions);

/** The fields of an object type as REST answers them: [REST key, field], in the type's order. */
export function restFields(type: GraphQLObjectType): [string, GraphQLField<unknown, unknown>][] {
  return Object.values(type.getFields()).flatMap((field) => {
    const extensions = field.extensions as RestFieldExtensions;
    return extensions.graphOnly ? [] : [[extensions.restName ?? field.name, field] as [string, typeof field]];
  });
}

/** `updatedAt` of a record: a GraphQL field (REST's fixed shapes have no such key). */
export function UpdatedAtField(): PropertyDecorator {
  const field = Field(() => Date, { description: 'When the record last changed' });
  const graphOnly = GraphOnly();
  return (prototype, key) => {
    field(prototype, key);
    graphOnly(prototype, key);
  };
}
