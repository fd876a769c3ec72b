import { Entity, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Organization } from '../../organization/organization.entity';

/**
 * How many of an organization's knowledge chunks hold a word (a lexeme of their stored
 * `search_vector`): retrieval weighs rare words above common ones by it, and mends misspelt
 * question words to the organization's own words. Written only by the triggers on
 * `knowledge_chunk` (migration Migration20261125120000), so chunks stored or deleted any way
 * (documents, cascades, bulk SQL) keep it right; the service only reads it, with raw SQL.
 */
@Entity()
export class KnowledgeTerm {
  @ManyToOne(() => Organization, { ref: true, primary: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  @PrimaryKey({ type: 'text' })
  lexeme!: string;

  /** Chunks holding the lexeme (the document frequency). */
  @Property({ type: 'integer' })
  chunks!: number;
}

/** An organization's knowledge chunks in all, and their lexemes summed (for the average length). */
@Entity()
export class KnowledgeCorpus {
  @ManyToOne(() => Organization, { ref: true, primary: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  @Property({ type: 'integer' })
  chunks!: number;

  /** The chunks' distinct lexemes, summed: a chunk's length as BM25 measures it here. */
  @Property({ type: 'bigint' })
  lexemes!: string;
}
