import type { Token } from './directory-lexicon';

/**
 * Words a directory question may hold beside its query without asking anything else: question
 * and function words, courtesy, the verbs of asking ("tell", "find", "need"), and the nouns a
 * query's answer is phrased in ("name", "number", "chart"). A content word outside these, the
 * query reader's keywords and the organization's own names and values ("allowed", "parking",
 * "bonus for referring") is something the directory cannot account for: the question is not its.
 */
export const ACCOUNTED_WORDS: ReadonlySet<string> = new Set(
  `a an the and or but nor of in on at to for from by with without as into onto than then so also too very just
  is are was were be been being do does did doing has have had having am isnt arent doesnt dont didnt not no yes
  i me my mine myself you your yours we us our ours he him his she her hers they them their theirs it its
  this that these those there here who whom whose what which where when how why whats wheres hows
  can could would will shall should may might must let lets
  please pls plz thanks thank thx cheers hi hey hello ok okay um uh so quick question questions sorry again
  tell know find give get got need needs want wanted like looking look wondering wonder ask asking see check
  help remind show say said mean currently current now today still right exactly actually really
  one ones someone somebody anyone anybody everyone everybody nobody none each every any some all both other
  others else more most only exactly altogether overall total name names named called number numbers date
  address addresses email emails chart line lines reporting reportee reportees managing management responsible employed
  locations offices sites departments depts titles jobs roles people peoples persons folks guys guy currently
  hires joiners starters joined hire based located sitting working here there whole entire full list listed
  my our company org organisation organization chain next higher above below running besides except apart
  im ive id r u ur wat wot ola good morning afternoon evening moment days these out much
  work works worked who'd whod who's whos would've suppose supposing imagine if
  roughly approximately approx around about exact day internship apprenticeship employment career
  share shares sharing`.split(/\s+/),
);

const TOPIC = new Set(['about', 'regarding', 're']);
const CONTACT = new Set(['email', 'e-mail', 'mail', 'reach', 'contact', 'write']);

/**
 * The words of a question its query does not account for: not part of a name or value the
 * question names (`covered`), not a keyword of the reader, not a function word, not a number,
 * not a word of the organization's own name (`own`), and not a capitalised word past the first (a
 * name the directory may not know, answered so).
 */
export function unaccountedWords(
  tokens: readonly Token[],
  covered: ReadonlySet<number>,
  keywords: ReadonlySet<string>,
  own: readonly string[] = [],
): string[] {
  // "reach Viggo, I need to mail him about my payslip": what the mail is about is the asker's, not asked.
  const topic = tokens.findIndex((t, i) => TOPIC.has(t.word) && tokens.slice(0, i).some((w) => CONTACT.has(w.word)));
  return tokens
    .filter(
      (t, i) =>
        (topic < 0 || i < topic) &&
        !covered.has(i) &&
        !keywords.has(t.word) &&
        !ACCOUNTED_WORDS.has(t.word) &&
        !own.includes(t.word) &&
        !/\d/.test(t.word) &&
        !(t.capital && i > 0),
    )
    .map((t) => t.word);
}
