import type { Config } from '../config';
import type { SecretBox } from '../common/secret-box';
import type { BucketStore } from '../http/rate-limit';
import type { AccountService } from './account/account.service';
import type { Embedder } from './agent/llm/embedder';
import type { ParsePool } from './agent/knowledge/parse-pool';
import type { UrlReader } from './agent/knowledge/url-reader';
import type { ConversationUpdates } from './agent/conversation-updates';
import type { AgentEngine } from './agent/llm/engine';
import type { WorkflowService } from './agent/planner/workflow.service';
import type { OrganizationService } from './organization/organization.service';
import type { WebhookService } from './webhook/webhook.service';

/**
 * What the wiring (src/app.ts) makes once and modules' resolvers share: services more than one
 * module uses, and the ones bound to background work (deliveries, workflow runs, parsing).
 */
export interface Services {
  config: Config;
  secrets: SecretBox;
  /** Where rate limits keep their buckets: this process on the embedded database, the shared table on a server. */
  rateLimits: BucketStore;
  accounts: AccountService;
  organizations: OrganizationService;
  webhooks: WebhookService;
  workflows: WorkflowService;
  agent: {
    engine: AgentEngine;
    embedder: Embedder;
    updates: ConversationUpdates;
    pages: UrlReader;
    parsePool: ParsePool;
  };
}
