import type { Token } from './directory-lexicon';

/**
 * A question asking whom to contact about a topic ("Who should I contact about problems on the
 * remote monitoring platform?", "who do I talk to regarding visas"): the person is what is asked,
 * and the topic is what a document states ("questions on the remote monitoring platform go to Olli
 * Laine"). The topic's words may name a title ("Remote Monitoring Platform Developer") or a place,
 * but the holder of a title that shares a topic's words is a guess, not what the records say. A
 * question about contacting someone named ("how do I contact Olli") is not of this kind.
 */

/** Verbs of getting in touch with someone, as a question asks whom to ("who do I contact", "who should I talk to"). */
const CONTACT_VERBS = new Set([
  'contact', 'reach', 'ask', 'talk', 'speak', 'email', 'e-mail', 'mail', 'call', 'ring', 'phone', 'write', 'go',
  'turn', 'approach', 'message', 'ping', 'escalate', 'raise', 'tell', 'inform', 'notify', 'consult',
]); // prettier-ignore
/** Words that open the topic after such a verb ("about", "regarding", "with problems", "for visas"). */
const TOPIC_WORDS = new Set(['about', 'regarding', 're', 'concerning', 'on', 'with', 'for', 'over']);
/** The most words between the verb and the topic ("contact" … "about": "reach out to … about"). */
const GAP = 3;

/** Words that may end a question after its verb of contacting ("who should I talk to, please?"). */
const AFTER_VERB = new Set(['to', 'with', 'please', 'pls', 'plz', 'thanks', 'then', 'now', 'first', 'out']);

/** Where a question's topic is, as token positions [start, end), and where its verb of contacting is. */
export interface Topic {
  start: number;
  end: number;
  verb: number;
}

/**
 * The topic of a question asking who ("who", "whom") to contact about it, or null: the words
 * after "about", "regarding" … that follow the verb ("who should I contact about …", "do you
 * know who to ask regarding …"), or those before "who" when the question ends with the verb
 * ("remote monitoring platform problems, who should I contact?").
 */
export function contactTopic(tokens: readonly Token[]): Topic | null {
  const who = tokens.findIndex((t) => t.word === 'who' || t.word === 'whom');
  if (who < 0) return null;
  const verb = tokens.findIndex((t, i) => i > who && CONTACT_VERBS.has(t.word));
  if (verb < 0) return null;
  // A topic word with nothing after it ends the question ("who do I speak with?"): the topic is before.
  for (let i = verb + 1; i < tokens.length - 1 && i <= verb + 1 + GAP; i++)
    if (TOPIC_WORDS.has(tokens[i].word)) return { start: i + 1, end: tokens.length, verb };
  const ends = tokens.slice(verb + 1).every((t) => AFTER_VERB.has(t.word));
  return ends && who > 0 ? { start: 0, end: who, verb } : null;
}
