import { askedKind, statesKind } from '../src/modules/agent/specialists/answer-kind';
import { answeringSentence } from '../src/modules/agent/specialists/passage-scoring';
import type { WeightedWord } from '../src/modules/agent/specialists/question-weights';

// The kind of fact a question asks for (src/modules/agent/specialists/answer-kind.ts) and the
// answering sentence it chooses (passage-scoring.ts): a sentence near the question's words that
// states no fact of that kind is not its answer.

describe('the kind of fact a question asks for', () => {
  it.each([
    ['how long is the notice period', { type: 'duration' }],
    ['notice period for managers?', { type: 'duration' }],
    ['how far in advance must I ask for my sabbatical?', { type: 'duration' }],
    ['how soon do I get a replacement laptop', { type: 'duration' }],
    ['how many vacation days do we get per year', { type: 'duration', unit: 'day' }],
    ['how many hrs of overtime a week', { type: 'duration', unit: 'hour' }],
    ['how much does the company pay into my pension', { type: 'amount' }],
    ['how many goals should I set', { type: 'amount' }],
    ["what's the mileage rate", { type: 'amount' }],
    ['what is the hotel cap in london', { type: 'amount' }],
    ['what are the rating levels in reviews', { type: 'list' }],
    ['which leave types are there', { type: 'list' }],
    // In note form, the amount's word among the first words.
    ['speed limit on gravel roads in a pool car?', { type: 'amount' }],
    ['max taxi fare from the airport', { type: 'amount' }],
    ['meal allowance for a day trip?', { type: 'amount' }],
  ])('%s asks for %j', (question, kind) => expect(askedKind(question)).toEqual(kind));

  it.each([
    'can I work from home on fridays',
    'who signs off my expenses',
    'where do I collect my badge',
    'allowance policy for interns',
  ])('%s asks for no kind these tell apart', (question) => expect(askedKind(question)).toBeNull());
});

describe('whether a sentence states it', () => {
  const duration = { type: 'duration' } as const;
  const amount = { type: 'amount' } as const;
  const days = { type: 'duration', unit: 'day' } as const;
  const list = { type: 'list' } as const;
  it.each([
    ['Managers give 3 months’ notice.', duration],
    ['Parental leave lasts sixteen weeks at full pay.', duration],
    ['During probation either side may end employment with one week’s notice.', duration],
    ['Replacements are sent the next working day.', duration],
    ['Requests are answered within 10 working days.', days],
    ['You get twenty-five days of paid holiday a year.', days],
    ['The company adds 5% of your salary.', amount],
    ['Each employee sets between three and five goals.', amount],
    ['Hotels in London are capped at £180 a night.', amount],
    ['Managers rate on a four-step scale: Developing, Solid, Strong and Exceptional.', list],
    ['Grades are A, B, C, D.', list],
  ])('%s states it', (sentence, kind) => expect(statesKind(sentence, kind)).toBe(true));

  it.each([
    ['Leaving the company', duration],
    ['Anyone visiting farms above 3,000 metres spends a night in Cusco first.', days],
    ['No one may work more than 8 hours of overtime a week.', days],
    ['Employee forum that meets with the People team about pensions.', amount],
    ['If you disagree with your rating, ask for a second review within 15 days.', list],
    ['Ratings are shared in writing and stay on file.', list],
  ])('%s does not', (sentence, kind) => expect(statesKind(sentence, kind)).toBe(false));

  it('lets any sentence answer a question that asks for no kind', () =>
    expect(statesKind('Ask your manager first.', null)).toBe(true));
});

describe('the answering sentence', () => {
  const word = (text: string, weight: number): WeightedWord => ({
    text,
    weight,
    alternatives: [{ text, origin: 'word', query: text, lexemes: [text], credit: weight, rank: weight }],
  });
  const words = [word('notice', 2), word('manager', 1)];
  const sentences: [string, string[]][] = [
    ['To resign, write to your manager and give notice in writing.', ['notice', 'manager']],
    ['Managers give 3 months of notice.', ['notice', 'manager']],
    ['Notice', ['notice']],
  ];

  it('leads with a full sentence stating the kind asked for over an earlier one that does not', () => {
    expect(answeringSentence(sentences, words, { type: 'duration' })).toMatchObject({
      text: 'Managers give 3 months of notice.',
      full: true,
      states: true,
    });
  });

  it('leads with the one covering most when no kind is asked for, ties to the first', () => {
    expect(answeringSentence(sentences, words)).toMatchObject({
      text: 'To resign, write to your manager and give notice in writing.',
    });
  });

  it('does not let a sentence stating the kind lead when it covers less than half of the best', () => {
    const weak: [string, string[]][] = [
      ['To resign, write to your manager and give notice in writing.', ['notice', 'manager']],
      ['Managers review it within 5 days.', ['manager']],
    ];
    expect(answeringSentence(weak, [word('notice', 4), word('manager', 1)], { type: 'duration' })).toMatchObject({
      text: 'To resign, write to your manager and give notice in writing.',
      states: false,
    });
  });
});
