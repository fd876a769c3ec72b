import { registerEnumType } from 'type-graphql';

/**
 * How sure the agent is of an answer (docs/agent.md, "Confidence"). A wrong answer is worse than
 * "I don't know": a specialist says ANSWERED only when the answer is read from the records or from a
 * passage that covers the question, UNSURE when it only has close passages to offer, UNKNOWN when
 * nothing answers.
 */
export enum AnswerConfidence {
  ANSWERED = 'ANSWERED',
  UNSURE = 'UNSURE',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(AnswerConfidence, {
  name: 'AnswerConfidence',
  description: 'How sure the agent is of an answer',
  valuesConfig: {
    ANSWERED: { description: 'Read from the records, or from a passage that covers the question' },
    UNSURE: { description: 'Not sure: the reply says so first and offers the closest passages as suggestions' },
    UNKNOWN: { description: 'Nothing answers the question: the reply says "I don’t know"' },
  },
});
