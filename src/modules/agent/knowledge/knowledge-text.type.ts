import { Field, ObjectType } from 'type-graphql';
import { KnowledgeDocument } from './knowledge-document.entity';

/**
 * A knowledge document with the text the agent reads from it: what an answer's citation
 * (/api/v1/agent/knowledge/{id}) opens. A type of its own so that the list keeps its shape.
 */
@ObjectType('KnowledgeDocumentText', { description: 'A knowledge document and the text the agent reads from it' })
export class KnowledgeDocumentText extends KnowledgeDocument {
  @Field(() => String, { description: 'The text read from the file or page, its passages in order' })
  text!: string;
}
