import { AnswerConfidence } from '../src/modules/agent/answer-confidence';
import {
  confidenceOf,
  type Evidence,
  lacksHeavierWord,
  lacksTopic,
} from '../src/modules/agent/specialists/retrieval-confidence';
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

  const sure: Evidence = {
    share: 0.8,
    leadShare: 0.8,
    lacksSubject: false,
    leadFits: true,
    partialRecord: false,
    lacksTopic: false,
  };
  it('is answered when it holds what is asked, and only offered when it does not', () => {
    expect(confidenceOf(sure)).toBe(AnswerConfidence.ANSWERED);
    expect(confidenceOf({ ...sure, partialRecord: true })).toBe(AnswerConfidence.UNSURE);
    expect(confidenceOf({ ...sure, lacksTopic: true })).toBe(AnswerConfidence.UNSURE);
    expect(confidenceOf({ ...sure, share: 0.3 })).toBe(AnswerConfidence.UNKNOWN);
  });
});

describe('an HR topic of the question', () => {
  const alternative = (text: string, origin: 'word' | 'vocabulary') => ({
    text,
    origin,
    query: text,
    lexemes: [text],
    credit: 1,
    rank: 1,
  });
  // "how many vacation days per year": "vacation" has everyday alternatives, "year" none.
  const words: WeightedWord[] = [
    {
      text: 'vacation',
      weight: 3,
      alternatives: [
        alternative('vacation', 'word'),
        alternative('annual leave', 'vocabulary'),
        alternative('leave', 'vocabulary'),
      ],
    },
    { text: 'year', weight: 1, alternatives: [alternative('year', 'word')] },
  ];

  it('is lacking when the passage holds it only by what all its kinds share', () => {
    // "15 days of compassionate leave per year": "leave" and "year".
    expect(lacksTopic([false, false, true, true], words, '15 days of compassionate leave per year')).toBe(true);
    // Not held at all: the share of the question covered says so, not this rule.
    expect(lacksTopic([false, false, false, true], words, 'one day a year')).toBe(false);
    // "25 days of annual leave per year", or the word itself.
    expect(lacksTopic([false, true, true, true], words, '25 days of annual leave')).toBe(false);
    expect(lacksTopic([true, false, false, false], words, 'vacation')).toBe(false);
    // A phrase the index's hits missed is read in the text.
    expect(lacksTopic([false, false, true, true], words, '25 days of annual leaves per year')).toBe(false);
    // A question with no HR topic lacks none.
    expect(lacksTopic([false], [words[1]], '')).toBe(false);
  });
});
