import { closest } from './edit-distance';
import { HR_CLASSES } from './hr-vocabulary';
import { englishWordsLike, isEnglishWord } from './wordnet';

/** A misspelling is mended within this many edits: one for short words, two for longer ones. */
export const editsFor = (word: string) => (word.length >= 7 ? 2 : 1);

/**
 * The longest word mended, in characters: longer than English's long words, and a token of
 * thousands of letters is no misspelling (measuring it against the vocabulary took a tenth of a second).
 */
export const MAX_MENDED = 40;

let hrWords: Set<string> | null = null;

/** The single words of the HR vocabulary ("wfh", "pto", "bereavement"), meant as written. */
function vocabularyWords(): Set<string> {
  hrWords ??= new Set(HR_CLASSES.flatMap((members) => members.flatMap((member) => member.split(/[\s-]+/))));
  return hrWords;
}

/**
 * The word a typed word that is no English word was meant to be: the HR vocabulary's closest
 * word first ("holliday" is "holiday", "sik" is "sick"), else English's closest of the same first
 * letter and a similar length; null when the word is English, in the vocabulary, too short, or
 * two words are equally close. Names and codes ("olufemi", "wfh") stay null or are kept beside
 * the mended word by the caller.
 */
export function mendedWord(word: string): string | null {
  if (
    word.length < 3 ||
    word.length > MAX_MENDED ||
    /\d/.test(word) ||
    vocabularyWords().has(word) ||
    isEnglishWord(word)
  )
    return null;
  const limit = editsFor(word);
  const fromVocabulary = closest(word, vocabularyWords(), limit);
  if (fromVocabulary) return fromVocabulary.word;
  // Words of three letters have too many neighbours in English: only the vocabulary mends them;
  // nor is a word without a vowel mended into English ("gdpr" is not "gdp"): it is a code.
  if (word.length < 4 || !/[aeiouy]/.test(word)) return null;
  return (
    closest(
      word,
      englishWordsLike(word, limit).filter((w) => w.length >= 4),
      limit,
    )?.word ?? null
  );
}
