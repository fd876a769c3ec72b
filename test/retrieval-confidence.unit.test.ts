import { AnswerConfidence } from '../src/modules/agent/answer-confidence';
import { confidenceOf, type Evidence, lacksHeavierWord } from '../src/modules/agent/specialists/retrieval-confidence';
import type { WeightedWord } from '../src/modules/agent/specialists/question-weights';

// How sure retrieval is (src/modules/agent/specialists/retrieval-confidence.ts): the evidence of
// the best passage, read as ANSWERED, UNSURE or UNKNOWN; here the rule for records of the
// directory, which answer only what they hold whole.

const word = (text: string, weight: number): WeightedWord => ({
  text,
  weight,
  alternatives: [{ text, origin: 'word', query: text, lexemes: [text], credit: weight, rank: weight }],
});

describe('a record of the directory as the best passage', () => {
  // "is there a dress code for the Kampala office": the record holds "kampala" and "office".
  const words = [word('dress code', 3), word('kampala', 3), word('office', 1)];

  it('lacks the question’s subject when it lacks a word at least as rare as any it holds', () => {
    expect(lacksHeavierWord([false, true, true], words)).toBe(true);
    expect(lacksHeavierWord([true, true, false], words)).toBe(false);
    expect(lacksHeavierWord([true, true, true], words)).toBe(false);
  });

  const sure: Evidence = { share: 0.8, leadShare: 0.8, lacksSubject: false, leadFits: true, partialRecord: false };
  it('is answered when it holds what is asked, and only offered when it does not', () => {
    expect(confidenceOf(sure)).toBe(AnswerConfidence.ANSWERED);
    expect(confidenceOf({ ...sure, partialRecord: true })).toBe(AnswerConfidence.UNSURE);
    expect(confidenceOf({ ...sure, share: 0.3 })).toBe(AnswerConfidence.UNKNOWN);
  });
});
