import type { Readable } from 'node:stream';
import { AnswerConfidence } from '../answer-confidence';
import { GraphQLError } from 'graphql';
import type { FileUpload } from 'graphql-upload-minimal';
import { administeredOrganization, currentOrganization, requireCaller } from '../../../auth/access';
import type { Context } from '../../../auth/context';
import { RefusedAddressError } from '../../../common/outbound-guard';
import { apiError, badInput, notFound } from '../../../graphql/errors';
import type { RestFile } from '../../../rest/routes';
import { type Connection, findPage, LONG_PAGE, type LongSyncPageArgs } from '../../../common/connection';
import { AGENTS } from '../agent-profiles';
import { AgentResponse } from '../agent.types';
import { type Embedder, NO_EMBEDDINGS } from '../llm/embedder';
import { kindOf, SUPPORTED } from './extract';
import { KnowledgeChunk, KnowledgeDocument, knowledgePath } from './knowledge-document.entity';
import type { KnowledgeDocumentText } from './knowledge-text.type';
import type { ParsePool } from './parse-pool';
import { TooLargeError, UnreachableUrlError, type UrlReader } from './url-reader';

interface Learnt {
  name: string;
  type: 'document' | 'url';
  url: string | null;
  bytes: Buffer;
  mediaType: string | null;
  filename: string | null;
}

/**
 * The organization's knowledge base: files and web pages, reduced to text, split into chunks and
 * indexed for the knowledge specialist's retrieval. Administrators only. A document is stored
 * with all its chunks in one transaction, or not at all; adding a URL again replaces it.
 */
export class KnowledgeService {
  constructor(
    private readonly reader: UrlReader,
    private readonly parser: ParsePool,
    private readonly maxBytes: number,
    private readonly embedder: Embedder = NO_EMBEDDINGS,
  ) {}

  async addFile(ctx: Context, upload: Promise<FileUpload>): Promise<AgentResponse> {
    administeredOrganization(ctx);
    let file: FileUpload;
    try {
      file = await upload;
    } catch (error) {
      // The multipart reader gave up on the request (malformed, broken off, or too large).
      throw (error as { status?: unknown }).status === 413
        ? this.tooLarge()
        : badInput('the file could not be read: the request body is malformed or ended before the file did');
    }
    const bytes = await this.readAll(file);
    const name = file.filename || 'document';
    return this.learn(ctx, {
      name,
      type: 'document',
      url: null,
      bytes,
      mediaType: file.mimetype,
      filename: file.filename,
    });
  }

  async addUrl(ctx: Context, raw: string): Promise<AgentResponse> {
    administeredOrganization(ctx);
    const text = raw.trim();
    if (!text) throw badInput('url is required: send the URI as the text/plain body');
    let fetched;
    try {
      fetched = await this.reader.read(text);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw badInput(error.message);
      if (error instanceof TooLargeError) throw apiError('PAYLOAD_TOO_LARGE', error.message);
      if (error instanceof UnreachableUrlError)
        throw error.status === 404 || error.status === 410
          ? apiError('NOT_FOUND', error.message)
          : apiError('BAD_GATEWAY', error.message);
      throw error;
    }
    const filename = new URL(fetched.url).pathname.split('/').pop() || null;
    return this.learn(ctx, {
      name: fetched.url,
      type: 'url',
      url: fetched.url,
      bytes: fetched.bytes,
      mediaType: fetched.mediaType,
      filename,
    });
  }

  list(ctx: Context, page: LongSyncPageArgs): Promise<Connection<KnowledgeDocument>> {
    administeredOrganization(ctx);
    const newestFirst = { keys: ['createdAt', 'id'], descending: true } as const;
    return findPage(ctx.em, KnowledgeDocument, {}, page, newestFirst, LONG_PAGE);
  }

  read(ctx: Context, id: string): Promise<KnowledgeDocumentText> {
    return readDocument(ctx, id);
  }

  async delete(ctx: Context, id: string): Promise<boolean> {
    administeredOrganization(ctx);
    const document = await ctx.em.findOne(KnowledgeDocument, id);
    if (!document) throw notFound('knowledge document');
    await ctx.em.remove(document).flush();
    return true;
  }

  private async learn(ctx: Context, source: Learnt): Promise<AgentResponse> {
    const orgId = administeredOrganization(ctx);
    const what = source.type === 'url' ? 'the page' : 'file';
    // A server that names no type (or a generic one) is read as text; a named type must be one we read.
    const generic = !source.mediaType || /^application\/octet-stream\b/i.test(source.mediaType);
    const kind = kindOf(source.mediaType, source.filename) ?? (source.type === 'url' && generic ? 'text' : null);
    if (!kind)
      throw badInput(
        `${what} must be ${SUPPORTED} (got ${source.mediaType || 'an unknown type'}${source.filename ? `, ${source.filename}` : ''})`,
      );
    // Read in a worker thread, bounded in time, memory and size; refusals name the limit.
    const extracted = await this.parser.parse(source.bytes, kind);
    if (!extracted.ok) {
      const message = extracted.message.replace(/^file/, what);
      // Apollo sends extensions.http.headers with the answer; the REST facade adds Retry-After to every 503.
      if (extracted.status === 503)
        throw new GraphQLError(message, {
          extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: new Map([['retry-after', '5']]) } },
        });
      throw extracted.status === 413 ? apiError('PAYLOAD_TOO_LARGE', message) : badInput(message);
    }
    const chunks = extracted.chunks;
    if (chunks.length === 0) throw badInput(`${what} has no text to learn from`);
    const name = (extracted.title ?? source.name).slice(0, 500);
    const vectors = await this.embedder.embed(chunks);
    const document = await ctx.em.transactional(async (em) => {
      if (source.url) {
        // The same page added again replaces what was learnt from it before.
        const earlier = await em.find(KnowledgeDocument, { url: source.url });
        for (const old of earlier) em.remove(old);
      }
      const created = em.create(KnowledgeDocument, {
        organization: orgId,
        name,
        type: source.type,
        url: source.url,
        mediaType: extracted.mediaType,
        size: source.bytes.length,
        // A file is kept as it came, for its download; a page's text is what its download answers.
        content: source.type === 'document' ? source.bytes : null,
        filename: source.type === 'document' ? source.filename : null,
        chunks: chunks.length,
        createdBy: requireCaller(ctx).actorId,
      });
      chunks.forEach((text, position) =>
        em.create(KnowledgeChunk, {
          organization: orgId,
          document: created,
          position,
          text,
          embedding: vectors?.[position] ?? null,
        }),
      );
      await em.flush();
      return created;
    });
    return Object.assign(new AgentResponse(), {
      success: true,
      agent: AGENTS.knowledge,
      reply: `I learnt “${name}” (${describeSize(source.bytes.length)}, ${chunks.length} chunk${chunks.length === 1 ? '' : 's'}).`,
      sources: [sourceOf(document)],
      confirming: false,
      subtasks: [],
      // What it learnt is a fact, not a retrieval.
      confidence: AnswerConfidence.ANSWERED,
    });
  }

  /**
   * The file's bytes, refused beyond the limit. The GraphQL multipart reader stops a file at the
   * limit rather than failing it: opened after the limit was reached, it throws a 413; read while
   * arriving, its stream just ends there, marked truncated. Either way it is too large.
   */
  private async readAll(file: FileUpload): Promise<Buffer> {
    const broken = () =>
      badInput('the file could not be read: the request body is malformed or ended before the file did');
    let stream: Readable & { truncated?: boolean };
    try {
      stream = file.createReadStream();
    } catch (error) {
      throw (error as { status?: unknown }).status === 413 ? this.tooLarge() : broken();
    }
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const part of stream) {
        size += (part as Buffer).length;
        if (size > this.maxBytes) {
          stream.destroy();
          throw this.tooLarge();
        }
        parts.push(part as Buffer);
      }
    } catch (error) {
      // The file stream errs when the request is cut short or broken off: the caller's doing.
      if (
        (error as { extensions?: { code?: string } }).extensions?.code === 'PAYLOAD_TOO_LARGE' ||
        (error as { status?: unknown }).status === 413
      )
        throw this.tooLarge();
      throw broken();
    }
    if (stream.truncated) throw this.tooLarge();
    return Buffer.concat(parts);
  }

  private tooLarge() {
    return apiError('PAYLOAD_TOO_LARGE', `file is larger than ${this.maxBytes} bytes`);
  }
}

/**
 * One document and its text, for any member of its organization: the agent cites documents to
 * everyone it answers, so a citation must open for them too (the list stays with administrators).
 */
export async function readDocument(ctx: Context, id: string): Promise<KnowledgeDocumentText> {
  const document = await findReadable(ctx, id);
  return Object.assign(document, { text: await textOf(ctx, id) });
}

/**
 * What `GET /agent/knowledge/{id}?download=1` answers, to whoever may read the document: a file's
 * bytes as they were uploaded, with the media type they were read as and their own name. A URL
 * answers the text read from it as text/plain, not a redirect to the page (which would send the
 * caller wherever the page points now, and may show something else than was learnt), and so does
 * a file learnt before originals were kept.
 */
export async function downloadDocument(ctx: Context, id: string): Promise<RestFile> {
  const document = await findReadable(ctx, id, true);
  if (document.content) {
    return {
      bytes: document.content,
      contentType: document.mediaType,
      filename: safeFilename(document.filename || document.name),
    };
  }
  return {
    bytes: Buffer.from(await textOf(ctx, id)),
    contentType: 'text/plain; charset=utf-8',
    filename: safeFilename(/\.txt$/i.test(document.name) ? document.name : `${document.name}.txt`),
  };
}

async function findReadable(ctx: Context, id: string, withContent = false): Promise<KnowledgeDocument> {
  currentOrganization(requireCaller(ctx));
  const document = await ctx.em.findOne(KnowledgeDocument, id, withContent ? { populate: ['content'] } : {});
  if (!document) throw notFound('knowledge document');
  return document;
}

/** The document's text: its passages in order. */
async function textOf(ctx: Context, id: string): Promise<string> {
  const chunks = await ctx.em.find(
    KnowledgeChunk,
    { document: id },
    { orderBy: { position: 'asc' }, fields: ['text'] },
  );
  return chunks.map((chunk) => chunk.text).join('\n\n');
}

/**
 * A name a client may save a file as: no folders, control characters or characters file systems
 * refuse (a file's name is the uploader's, a URL's name may be the URL itself).
 */
function safeFilename(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const unsafe = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
  const safe = name.replace(unsafe, '_').trim().slice(0, 200);
  return safe.replace(/^\.+/, '') || 'document';
}

/** How a knowledge document is cited: a URL by its address, a file by its API path. */
export function sourceOf(document: { id: string; name: string; type: string; url?: string | null }): {
  name: string;
  type: string;
  url: string;
} {
  return { name: document.name, type: document.type, url: document.url ?? knowledgePath(document.id) };
}

function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
