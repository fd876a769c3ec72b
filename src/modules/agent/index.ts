import { type ModuleDescriptor, resolver } from '../module';
import { AgentMessage } from './agent-message.entity';
import { AgentResolver } from './agent.resolver';
import { AGENT_ROUTES } from './agent.routes';
import { AgentService } from './agent.service';
import { coordinator } from './agent-setup';
import { Conversation } from './conversation.entity';
import { ConversationResolver } from './conversation.resolver';
import { ConversationService } from './conversation.service';
import { KnowledgeChunk, KnowledgeDocument } from './knowledge/knowledge-document.entity';
import { KnowledgeResolver } from './knowledge/knowledge.resolver';
import { KnowledgeService } from './knowledge/knowledge.service';
import { KnowledgeCorpus, KnowledgeTerm } from './knowledge/knowledge-term.entity';
import { Workflow } from './planner/workflow.entity';
import { WorkflowRun } from './planner/workflow-run.entity';
import { WorkflowResolver } from './planner/workflow.resolver';

/** The conversational agent: conversations, the knowledge base, planning and workflows. */
export const agentModule: ModuleDescriptor = {
  name: 'agent',
  entities: [
    Conversation,
    AgentMessage,
    KnowledgeDocument,
    KnowledgeChunk,
    KnowledgeTerm,
    KnowledgeCorpus,
    Workflow,
    WorkflowRun,
  ],
  resolvers: [
    resolver(ConversationResolver, () => new ConversationResolver(new ConversationService())),
    resolver(
      AgentResolver,
      ({ workflows, agent }) =>
        new AgentResolver(new AgentService(coordinator(agent.embedder, workflows), agent.engine, agent.updates)),
    ),
    resolver(WorkflowResolver, ({ workflows }) => new WorkflowResolver(workflows)),
    resolver(
      KnowledgeResolver,
      ({ config, agent }) =>
        new KnowledgeResolver(
          new KnowledgeService(agent.pages, agent.parsePool, config.knowledge.maxBytes, agent.embedder),
        ),
    ),
  ],
  routes: AGENT_ROUTES,
};
