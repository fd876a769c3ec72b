import type { Config } from '../../config';
import { Coordinator } from './coordinator';
import { type Embedder, NO_EMBEDDINGS, OpenAiEmbedder } from './llm/embedder';
import type { AgentEngine } from './llm/engine';
import { LocalEngine } from './llm/local-engine';
import { OpenAiEngine } from './llm/openai-engine';
import { ModelCheckedReader, type PlanReader, RULE_READER } from './planner/plan-reader';
import type { WorkflowService } from './planner/workflow.service';
import { DirectorySpecialist } from './specialists/directory.specialist';
import { KnowledgeSpecialist } from './specialists/knowledge.specialist';
import { PlannerSpecialist } from './specialists/planner.specialist';

/** The engine the configuration chooses: an OpenAI-compatible server when LLM_BASE_URL is set, else the local one. */
export function agentEngine(llm: Config['llm']): AgentEngine {
  if (!llm.baseUrl || !llm.model) return new LocalEngine();
  return new OpenAiEngine({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: llm.model,
    timeoutMs: llm.timeoutMs,
    retries: llm.retries,
    caps: { maxBytes: llm.maxResponseBytes, maxEventBytes: llm.maxEventBytes },
  });
}

/** Plans read by the rules, checked by the language model when one is configured. */
export function planReader(llm: Config['llm'], onFailure: (reason: string) => void): PlanReader {
  if (!llm.baseUrl || !llm.model) return RULE_READER;
  return new ModelCheckedReader(
    {
      baseUrl: llm.baseUrl,
      apiKey: llm.apiKey,
      model: llm.model,
      timeoutMs: llm.timeoutMs,
      maxBytes: llm.maxResponseBytes,
    },
    onFailure,
  );
}

/** The embeddings of the OpenAI-compatible server (LLM_EMBEDDING_MODEL, else LLM_MODEL), when one is configured. */
export function agentEmbedder(llm: Config['llm'], onFailure?: (reason: string) => void): Embedder {
  if (!llm.baseUrl || !llm.model) return NO_EMBEDDINGS;
  return new OpenAiEmbedder(
    llm.baseUrl,
    llm.apiKey,
    llm.embeddingModel ?? llm.model,
    llm.maxEmbeddingsBytes,
    onFailure,
  );
}

/** The coordinator with its specialists; without workflows (the runner's own) it has no planner. */
export function coordinator(embedder: Embedder, workflows?: WorkflowService): Coordinator {
  const answering = { directory: new DirectorySpecialist(), knowledge: new KnowledgeSpecialist(embedder) };
  return new Coordinator(workflows ? { ...answering, planner: new PlannerSpecialist(workflows) } : answering);
}
