import type { Config } from '../../config';
import { Coordinator } from './coordinator';
import type { AgentEngine } from './llm/engine';
import { LocalEngine } from './llm/local-engine';
import { OpenAiEngine } from './llm/openai-engine';
import { DirectorySpecialist } from './specialists/directory.specialist';
import { KnowledgeSpecialist } from './specialists/knowledge.specialist';
import { PlannerSpecialist } from './specialists/planner.specialist';

/** The engine the configuration chooses: an OpenAI-compatible server when LLM_BASE_URL is set, else the local one. */
export function agentEngine(llm: Config['llm']): AgentEngine {
  if (!llm.baseUrl || !llm.model) return new LocalEngine();
  return new OpenAiEngine({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model, timeoutMs: llm.timeoutMs, retries: llm.retries });
}

export function coordinator(): Coordinator {
  return new Coordinator({ directory: new DirectorySpecialist(), knowledge: new KnowledgeSpecialist(), planner: new PlannerSpecialist() });
}
