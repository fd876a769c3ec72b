import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { AccountResolver } from '../modules/account/account.resolver';
import { AppResolver } from '../modules/app/app.resolver';
import { AppLookupResolver } from '../modules/app/app-lookup.resolver';
import { EmployeeResolver } from '../modules/employee/employee.resolver';
import { GroupResolver } from '../modules/group/group.resolver';
import { IdpResolver } from '../modules/idp/idp.resolver';
import { IdpNoteResolver } from '../modules/idp/idp-note.resolver';
import { IdpTaskResolver } from '../modules/idp/idp-task.resolver';
import { MAPPINGS_RESOLVERS, MappingResolver } from '../modules/mapping/mapping.resolver';
import { OrganizationResolver } from '../modules/organization/organization.resolver';
import { ChangeResolver } from '../events/change.resolver';
import { AgentResolver } from '../modules/agent/agent.resolver';
import { ConversationResolver } from '../modules/agent/conversation.resolver';
import { KnowledgeResolver } from '../modules/agent/knowledge/knowledge.resolver';
import { WorkflowResolver } from '../modules/agent/planner/workflow.resolver';
import { WebhookDeliveryResolver, WebhookResolver } from '../modules/webhook/webhook.resolver';
import { WebhookKeyResolver } from '../modules/webhook/webhook-key.resolver';
import { validateInput } from './validation';

/** Every resolver class of the API. */
export const RESOLVERS = [
  OrganizationResolver,
  AccountResolver,
  EmployeeResolver,
  GroupResolver,
  IdpResolver,
  IdpTaskResolver,
  IdpNoteResolver,
  AppResolver,
  AppLookupResolver,
  MappingResolver,
  ...MAPPINGS_RESOLVERS,
  WebhookKeyResolver,
  WebhookResolver,
  WebhookDeliveryResolver,
  ChangeResolver,
  ConversationResolver,
  AgentResolver,
  KnowledgeResolver,
  WorkflowResolver,
] as const;

/**
 * Builds the schema. Resolver instances are made by the caller with their services passed
 * explicitly; TypeGraphQL finds each by its class.
 */
export async function buildApiSchema(instances: object[], bus: PubSub): Promise<GraphQLSchema> {
  const found = new Map<unknown, object>();
  return buildSchema({
    resolvers: RESOLVERS,
    container: {
      // TypeGraphQL asks on every resolver call (thousands for one 100-plan list): found once per class.
      get(someClass: new (...args: never[]) => object) {
        let instance = found.get(someClass);
        if (!instance) {
          instance = instances.find((candidate) => candidate instanceof someClass);
          if (!instance) throw new Error(`no instance of resolver ${someClass.name}`);
          found.set(someClass, instance);
        }
        return instance;
      },
    },
    authChecker,
    validateFn: validateInput,
    pubSub: bus,
  });
}

/** The committed SDL (schema.graphql): sorted so that it only changes when the API does. */
export function printApiSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
