import { Entity, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../../organization/organization-owned';
import { searchVector } from '../../../common/search-expressions';
import { GraphOnly } from '../../../graphql/rest-fields';

/** A file or web page the organization's agent has learnt, split into chunks for retrieval. */
@ObjectType({ description: 'A document or URL in the organization’s knowledge base' })
@Entity()
@Index({ properties: ['organization', 'url'] })
export class KnowledgeDocument extends OrganizationRecord {
  [OptionalProps]?: 'createdAt' | 'organizationId' | 'url' | 'content' | 'filename' | 'downloadUrl';

  @Field(() => String, { description: 'The title: the document’s own, or its file name' })
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { description: 'document or url' })
  @Property({ type: 'text' })
  type!: 'document' | 'url';

  @Field(() => String, { nullable: true, description: 'The page a url document was read from' })
  @Property({ type: 'text', nullable: true })
  url?: string | null;

  @Field(() => String, { description: 'The media type read, e.g. application/pdf' })
  @Property({ type: 'text' })
  mediaType!: string;

  @Field(() => Int, { description: 'Size of the file or page, in bytes' })
  @Property({ type: 'integer' })
  size!: number;

  @Field(() => Int, { description: 'Chunks indexed for retrieval' })
  @Property({ type: 'integer' })
  chunks!: number;

  @Field(() => ID, { nullable: true, description: 'Who added it (account or organization key id)' })
  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /**
   * The file's bytes as they were uploaded, what `?download=1` answers. Null for a URL (its text
   * is answered instead) and for a file learnt before originals were kept. Lazy: lists, reads and
   * retrieval never load it.
   */
  @Property({ type: 'blob', nullable: true, lazy: true, hidden: true })
  content?: Buffer | null;

  /** The uploaded file's own name, for the download's Content-Disposition; null for a URL. */
  @Property({ type: 'text', nullable: true, hidden: true })
  filename?: string | null;

  // GraphQL only: REST's knowledge list keeps its fixed keys; REST clients add ?download=1 to the
  // document's own path (docs/rest.md, "Downloads").
  @Field(() => String, {
    description:
      'Where GET, with the same token, answers the original file as an attachment (a URL’s text as text/plain)',
  })
  @GraphOnly()
  get downloadUrl(): string {
    return `${knowledgePath(this.id)}?download=1`;
  }
}

/** The REST path of a knowledge document: what the agent's citations of a file point at. */
export function knowledgePath(id: string): string {
  return `/api/v1/agent/knowledge/${id}`;
}

/** Retrieval matches and ranks chunks on their stored words (knowledge.specialist.ts). */
const SEARCH = searchVector('knowledge_chunk', 'text');

/** A passage of a knowledge document, indexed for full-text retrieval. */
@Entity()
@Index({ properties: ['document', 'position'] })
@Index(SEARCH.index)
export class KnowledgeChunk extends OrganizationRecord {
  [OptionalProps]?: 'organizationId' | 'embedding';

  @ManyToOne(() => KnowledgeDocument, { ref: true, deleteRule: 'cascade' })
  document!: Ref<KnowledgeDocument>;

  /** Order within the document, from 0. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  text!: string;

  /** The chunk's meaning as the language-model server's embedding, when it offers one. */
  @Property({ type: 'jsonb', nullable: true, lazy: true })
  embedding?: number[] | null;

  @Property(SEARCH.property)
  searchVector?: string;
}
