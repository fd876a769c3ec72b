import { MAX_QUESTION_WORDS, questionWords } from '../src/modules/agent/language/question-words';
import { mendedWord } from '../src/modules/agent/language/spelling';
import {
  broader,
  derived,
  isEnglishWord,
  isMainlyNoun,
  namesAPerson,
  opposites,
  synonyms,
} from '../src/modules/agent/language/wordnet';

// The words the agent reads questions with (src/modules/agent/language/): WordNet's synonyms,
// what a noun is a kind of, words formed from a word, whether a word is English or mainly a noun,
// the speller, and a question's words with their alternatives. Pure: no database.

describe('WordNet', () => {
  it('gives synonyms of the commonest senses, what a noun is a kind of, and words formed from a word', () => {
    expect(synonyms('holiday')).toContain('vacation');
    expect(broader('wife')).toEqual(expect.arrayContaining(['spouse', 'partner']));
    expect(broader('dad')).toContain('father');
    expect(broader('quickly')).toEqual([]);
    expect(derived('dies')).toContain('death');
    expect(derived('arrive')).toContain('arrival');
  });

  it('tells English words, inflected or not, from misspellings and names', () => {
    for (const word of ['thursdays', 'reports', 'posted', 'sending', 'the', 'hey'])
      expect(isEnglishWord(word)).toBe(true);
    for (const word of ['holliday', 'reimbursment', 'olufemi', '']) expect(isEnglishWord(word)).toBe(false);
  });

  it('tells nouns that name a subject from the verbs and adverbs that frame a question', () => {
    for (const word of ['parking', 'jury', 'wife', 'pension', 'jury duty', 'meeting room'])
      expect(isMainlyNoun(word)).toBe(true);
    for (const word of ['away', 'passes', 'permanently', 'quick', 'kick in']) expect(isMainlyNoun(word)).toBe(false);
  });

  it('reads a word as the part of speech it is most used as', () => {
    // "open" is mostly an adjective: its noun sense ("in the open") gave "country".
    expect(synonyms('open')).not.toContain('country');
    expect(synonyms('dog')).toContain('domestic dog');
  });

  it('gives the opposites of a word in its commonest sense', () => {
    expect(opposites('agree')).toContain('disagree');
    expect(opposites('paid')).toContain('unpaid');
    expect(opposites('eligible')).toContain('ineligible');
    expect(opposites('holiday')).toEqual([]);
  });

  it('tells nouns that name a person', () => {
    for (const word of ['manager', 'recruiter', 'engineer', 'boss']) expect(namesAPerson(word)).toBe(true);
    for (const word of ['office', 'handbook', 'team', 'finance']) expect(namesAPerson(word)).toBe(false);
  });
});

describe('spelling', () => {
  it('mends a word that is no English word to the HR vocabulary’s word, else to English’s', () => {
    expect(mendedWord('holliday')).toBe('holiday');
    expect(mendedWord('sik')).toBe('sick');
    expect(mendedWord('reimbursment')).toBe('reimbursement');
    expect(mendedWord('refrence')).toBe('reference');
  });

  it('leaves English words, vocabulary words, numbers, short words and unknown names alone', () => {
    for (const word of ['holiday', 'wfh', 'pto', 'q3', 'xz', 'gdpr', 'olufemi']) expect(mendedWord(word)).toBeNull();
  });
});

describe('question words', () => {
  const words = (question: string) => Object.fromEntries(questionWords(question).map((w) => [w.text, w]));

  it('reads an HR phrase through a misspelling, keeping the word as typed', () => {
    const { 'sik pay': sickPay } = words('sik pay if you only started 2 months ago');
    expect(sickPay.alternatives[0]).toEqual({ text: 'sick pay', origin: 'spelling' });
    expect(sickPay.alternatives).toEqual(expect.arrayContaining([{ text: 'sickness absence', origin: 'vocabulary' }]));
  });

  it('adds what a word is a kind of and words formed from it, below its synonyms', () => {
    const { wife, arrives } = words('my wife arrives');
    expect(wife.alternatives).toEqual(
      expect.arrayContaining([
        { text: 'married woman', origin: 'synonym' },
        { text: 'partner', origin: 'related' },
      ]),
    );
    expect(arrives.alternatives).toEqual(expect.arrayContaining([{ text: 'arrival', origin: 'related' }]));
  });

  it('reads only the first MAX_QUESTION_WORDS content words of a long text', () => {
    const gibberish = Array.from({ length: 1500 }, (_, i) => `zq${i.toString(36)}vx`).join(' ');
    const read = questionWords(gibberish);
    expect(read.filter((w) => !w.filler)).toHaveLength(MAX_QUESTION_WORDS);
    expect(read[0].text).toBe('zq0vx');
  });

  it('adds the opposites of a negated word: “don’t agree” may be written “disagree”', () => {
    expect(words("i don't agree with my rating").agree.alternatives[0]).toEqual({
      text: 'disagree',
      origin: 'synonym',
    });
    expect(words('is jury service not paid').paid.alternatives[0]).toEqual({ text: 'unpaid', origin: 'synonym' });
    expect(words('i agree with my rating').agree.alternatives).not.toContainEqual(
      expect.objectContaining({ text: 'disagree' }),
    );
  });

  it('marks the words that frame a question as filler', () => {
    const read = words('what does the handbook say about parking');
    expect(read.handbook.filler).toBe(true);
    expect(read.parking.filler).toBe(false);
  });
});
