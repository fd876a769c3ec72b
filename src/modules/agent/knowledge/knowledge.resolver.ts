import type { FileUpload } from 'graphql-upload-minimal';
import { UploadScalar } from '../../../graphql/upload-scalar';
import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../../auth/context';
import { UUIDScalar } from '../../../graphql/scalars';
import { type Connection, ConnectionType, LongSyncPageArgs } from '../../../common/connection';
import { AgentResponse } from '../agent.types';
import { KnowledgeDocument } from './knowledge-document.entity';
import type { KnowledgeService } from './knowledge.service';
import { KnowledgeDocumentText } from './knowledge-text.type';

export const KnowledgeDocumentConnection = ConnectionType(KnowledgeDocument);

@Resolver(() => KnowledgeDocument)
export class KnowledgeResolver {
  constructor(private readonly service: KnowledgeService) {}

  @Authorized()
  @Query(() => KnowledgeDocumentConnection, {
    description: 'Documents and URLs of the knowledge base, newest first (ORG_ADMIN)',
  })
  knowledgeDocuments(
    @Ctx() ctx: Context,
    @Args(() => LongSyncPageArgs) page: LongSyncPageArgs,
  ): Promise<Connection<KnowledgeDocument>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Query(() => KnowledgeDocumentText, {
    description: 'A document or URL of the knowledge base with its text: what the agent’s citations open (members)',
  })
  knowledgeDocument(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<KnowledgeDocumentText> {
    return this.service.read(ctx, id);
  }

  @Authorized()
  @Mutation(() => AgentResponse, {
    description: 'Learn a file: text, Markdown, HTML, PDF, DOCX, CSV or JSON (ORG_ADMIN; GraphQL multipart request)',
  })
  addFileKnowledge(
    @Ctx() ctx: Context,
    @Arg('file', () => UploadScalar) file: Promise<FileUpload>,
  ): Promise<AgentResponse> {
    return this.service.addFile(ctx, file);
  }

  @Authorized()
  @Mutation(() => AgentResponse, {
    description: 'Learn a web page, PDF or text file at a URL; the same URL again replaces it (ORG_ADMIN)',
  })
  addUrlKnowledge(@Ctx() ctx: Context, @Arg('url', () => String) url: string): Promise<AgentResponse> {
    return this.service.addUrl(ctx, url);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Forget a document or URL (ORG_ADMIN)' })
  deleteKnowledgeDocument(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }
}
