import { requireCaller } from '../../auth/access';
import type { Context } from '../../auth/context';
import { apiError, badInput } from '../../graphql/errors';
import { AgentMessage, MessageType } from './agent-message.entity';
import { AnswerConfidence } from './answer-confidence';
import type { UserRequestInput } from './agent.inputs';
import { AgentResponse } from './agent.types';
import { Conversation } from './conversation.entity';
import { conversationOwner, nameFrom, type Owner, ownConversation } from './conversation.service';
import type { ConversationUpdates } from './conversation-updates';
import type { Coordinator } from './coordinator';
import { messageText } from './language/message-text';
import { type AgentEngine, type Briefing, type ChatTurn, EngineError } from './llm/engine';

export const DEFAULT_MAX_RESULTS = 5;
/** Earlier messages given to the agent as context. */
const CONTEXT_MESSAGES = 20;

/**
 * Ask and reply (docs/agent.md, "Conversations"). The user's message is committed before the
 * agent starts, so it is kept even when the language-model server fails; the answer is stored when
 * complete. Both are published to the conversation's live subscribers, and the reply's chunks
 * while it is written.
 */
export class AgentService {
  constructor(
    private readonly coordinator: Coordinator,
    private readonly engine: AgentEngine,
    private readonly updates: ConversationUpdates,
  ) {}

  /** Starts a conversation named after the question and answers it. */
  async ask(ctx: Context, input: UserRequestInput): Promise<AgentResponse> {
    const owner = conversationOwner(ctx);
    if (input.conversationId)
      throw badInput('conversationId must be omitted: ask starts a new conversation; use reply to continue one');
    const question = requireQuestion(input);
    const conversation = ctx.em.create(Conversation, {
      organization: owner.orgId,
      user: owner.accountId,
      name: nameFrom(question),
    });
    return this.answer(ctx, owner, conversation, [], question, input);
  }

  /** Continues one of the caller's conversations, with its earlier messages as context. */
  async reply(ctx: Context, input: UserRequestInput): Promise<AgentResponse> {
    const owner = conversationOwner(ctx);
    if (!input.conversationId)
      throw badInput('conversationId is required: reply continues a conversation (use ask to start one)');
    const question = requireQuestion(input);
    const conversation = await ownConversation(ctx, input.conversationId);
    const recent = await ctx.em.find(
      AgentMessage,
      { conversation: conversation.id },
      { orderBy: { timestamp: 'desc', id: 'desc' }, limit: CONTEXT_MESSAGES },
    );
    return this.answer(ctx, owner, conversation, recent.reverse(), question, input);
  }

  private async answer(
    ctx: Context,
    owner: Owner,
    conversation: Conversation,
    earlier: AgentMessage[],
    text: string,
    input: UserRequestInput,
  ): Promise<AgentResponse> {
    const started = Date.now();
    const request = ctx.em.create(AgentMessage, {
      organization: owner.orgId,
      conversation,
      user: owner.accountId,
      messageType: MessageType.USER_REQUEST,
      message: text,
    });
    await ctx.em.flush();
    this.updates.message(request);

    const question = {
      ctx,
      caller: requireCaller(ctx),
      owner,
      conversation,
      text,
      earlier,
      maxResults: input.maxResults ?? DEFAULT_MAX_RESULTS,
    };
    const { agent, briefing } = await this.coordinator.route(question);
    const history: ChatTurn[] = earlier.map((m) => ({
      role: m.messageType === MessageType.USER_REQUEST ? 'user' : 'assistant',
      content: m.message,
    }));
    let answer;
    try {
      answer = await this.engine.answer(
        { agent, question: text, history, instructions: input.additionalInstructions, briefing },
        (chunk) => this.updates.chunk(conversation, chunk),
      );
    } catch (error) {
      if (error instanceof EngineError)
        throw apiError(
          error.code,
          `${error.message}; your message is kept in conversation ${conversation.id}, try again with reply`,
        );
      throw error;
    }
    const response = ctx.em.create(AgentMessage, {
      organization: owner.orgId,
      conversation,
      user: owner.accountId,
      messageType: MessageType.AGENT_RESPONSE,
      agent: agent.name ?? '',
      message: answer.reply,
      tokenUsage: answer.tokenUsage,
      timeSpent: Date.now() - started,
      sources: answer.sources,
      // Never at the same instant as the request, so that history's order is the conversation's.
      timestamp: new Date(Math.max(Date.now(), request.timestamp.getTime() + 1)),
    });
    await ctx.em.flush();
    this.updates.message(response);
    return Object.assign(new AgentResponse(), {
      success: true,
      agent,
      reply: answer.reply,
      sources: answer.sources,
      confirming: briefing.confirming ?? false,
      subtasks: [],
      conversation: conversation.id,
      confidence: confidenceOf(briefing),
    });
  }
}

/**
 * How sure the answer is (docs/agent.md, "Confidence"): the specialist's word, else ANSWERED when
 * it found something (the directory's facts, the planner's plan or its question) and UNKNOWN when
 * not. With the openai engine too, this is retrieval's confidence, not the model's.
 */
function confidenceOf(briefing: Briefing): AnswerConfidence {
  return briefing.confidence ?? (briefing.passages.length ? AnswerConfidence.ANSWERED : AnswerConfidence.UNKNOWN);
}

/**
 * The question as the agent reads and keeps it (language/message-text.ts): white space runs
 * collapsed, control characters out. This is where a message enters the agent: every reader,
 * and every later reading of the conversation (the planner's, the knowledge specialist's), sees it so.
 */
function requireQuestion(input: UserRequestInput): string {
  const question = messageText(input.question ?? '');
  if (!question) throw badInput('question is required');
  return question;
}
