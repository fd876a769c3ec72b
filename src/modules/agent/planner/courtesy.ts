import { isEnglishWord } from '../language/wordnet';
import { MONTH_NAMES } from './schedule-words';
import { isGazetteerCity } from './time-zones';

/**
 * Courtesy in a request: what it says to be polite and carries no task, schedule nor delivery
 * ("Many thanks.", "Hola team,", "Kind regards", "I'd be grateful if you could …"). It is read by
 * where it stands (a sentence of its own, a greeting before the request, a frame before its verb);
 * the word lists below are the backup for what stands inside the request's own sentence.
 */

/** Words that ask for something to be done (verbs and the nouns of chat requests); a request without one is no task. */
export const ACTION =
  /\b(send|email|e-mail|mail|post|remind|reminder|notify|ping|alert|report|summari[sz]e|summary|digest|list|check|share|tell|give|run|create|message|dm|text|buzz|update|compile|collect|prepare|show|export|drop|push|forward|nudge|get|generate|pull|review|submit|log|file|call|book|renew|pay|complete|finish|write|draft|ask|invite|assign|clean|back ?up|remember|do|follow up|chase|audit|refresh|sync|publish|announce|circulate|broadcast|fill|recap|let me know|cc|bcc|archive|flag|escalate|approve|schedule|set|plan|prep|close|start|kick off|celebrate|welcome|inform|warn|fax|sms|whatsapp|telegram|viber|signal|imessage|look up|lookup|find|fetch|retrieve)\b/i;

/** Verbs that say more of the task in a sentence of their own ("Include the contractors."). */
const TASK_DETAIL =
  /\b(?:include|including|exclude|excluding|add|attach|cover|mention|highlight|sort|group|split|break|only|without)\b/i;

/** Words of a schedule, a zone or a delivery: a sentence holding one is never courtesy. */
const SCHEDULE_OR_DELIVERY = new RegExp(
  String.raw`\d|[#@]|\b(?:every|each|daily|weekly|monthly|quarterly|yearly|annually|hourly|nightly|fortnightly|bi-?weekly|today|tonight|tomorrow|noon|midday|midnight|mornings?|afternoons?|evenings?|nights?|weeks?|weekdays?|weekends?|months?|years?|quarters?|utc|gmt|slack|channel|inbox|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|${MONTH_NAMES.join('|')})\b`,
  'i',
);

/** Greetings in the languages users write in, at the start of a request. */
const GREETINGS = String.raw`good (?:morning|afternoon|evening|day)|(?:morning|afternoon|evening)(?=\s*[,!:;.]|\s+(?:all|everyone|everybody|team|folks|guys)\b)|dzie[nń] dobry|guten (?:morgen|tag|abend)|buon ?giorno|buonasera|bonsoir|goede(?:morgen|middag)|god (?:morgen|dag)|hyv[aä][aä] (?:huomenta|p[aä]iv[aä][aä])|moi|ahoj|merhaba|marhaba|salaam|salam|shalom|konnichiwa|sveiki|szia|hi|hiya|hey|hello|howdy|greetings|dear|yo|hola|buenos d[ií]as|bonjour|salut|coucou|hallo|moin|servus|hej|hei|ciao|salve|ol[aá]|oi|bom dia|kia ora|m[aā]lō|namaste|jambo|habari|sawubona|g'?day`;
/**
 * A greeting and whom it greets ("Hola team,", "Dear assistant:", "Hi Sam!", "Kia ora koutou,").
 * Whom it greets is a name or two, never a word that starts a schedule ("hey on weekdays, …",
 * "hi each day, …" keep their schedule).
 */
const GREETING_START = new RegExp(
  String.raw`^\s*(?:${GREETINGS})\b(?:\s+(?!(?:on|at|in|by|for|from|each|every|this|next|daily|weekly|monthly|today|tomorrow|tonight)\b)[\p{L}'’-]+){0,2}?\s*[,!:;.\u2014-]+\s*`,
  'iu',
);

/** Thanks, in the languages users write in: courtesy wherever a request ends with them. */
const THANKS = String.raw`thanks?(?: you)?(?: (?:so|very) much| a lot| a bunch| a million| heaps| in advance| again)?|thank u|thx|thnx|tks|ty|tia|cheers|much appreciated|(?:many|big) thanks|danke(?: sch[oö]n| sehr)?|vielen dank|merci(?: beaucoup)?|gracias|muchas gracias|obrigad[oa]|grazie(?: mille)?|tack(?: s[aå] mycket)?|takk|kiitos|dank(?:e|je)(?: wel)?|asante(?: sana)?|ng[aā] mihi(?: nui)?|arigat[oō]|mahalo|spasibo|dzi[eę]kuj[eę]|shukran|if (?:possible|you can|you could|you don'?t mind)|when you (?:can|get a chance)|please|pls|plz`;
/** Sign-offs that are English words too ("best", "regards"): courtesy only set apart by a mark. */
const SIGN_OFF = String.raw`(?:kind(?:est)?|best|warm|warmest)? ?regards|best(?: wishes)?|all the best|br|ta|appreciated|thanks`;
/** Courtesy that ends a request ("…, thanks in advance", "… ty"); a sign-off English has as a word only after a mark ("…, best"). */
const THANKS_END = new RegExp(String.raw`(?<=[\s,;:\u2014-])(?:${THANKS})$`, 'iu');
const SIGN_OFF_END = new RegExp(String.raw`(?<=[,;:\u2014-]\s?)(?:${SIGN_OFF})$`, 'iu');
const MARKS = /[\s,;:!.?\u2014-]$/u;
/** A sign-off and the name signed with it, after a mark ("…. Best, Moses", "…, thanks Ana Lima"); the name is checked for its capital apart. */
const SIGNED_END = new RegExp(
  String.raw`(?<=[,;:.!\u2014-]\s?)(?:${SIGN_OFF}|thanks?(?: you)?|many thanks|cheers|ty|thx)(?:\s*[,!.]\s*|\s+)([\p{L}'’-]+(?:\s[\p{L}'’-]+)?)$`,
  'iu',
);

/**
 * Up to three lower-case words after a comma or a dash set apart at the end (not "#ops-batam"), that English does not have: a
 * sign-off in the asker's language ("…, terima kasih", "…, makasih ya", "… - dziękuję bardzo").
 */
const FOREIGN_END = /(?<=,\s?|\s[\u2014-]\s?)\p{L}[\p{L}'’]{0,19}(?: \p{Ll}[\p{L}'’]{0,19}){0,2}$/u;

/**
 * Up to three words before a comma, "!" or ":" at the start of a request that English does not
 * have: a greeting in the asker's language ("Bula, …", "Aoa, …", "Assalam o Alaikum, …"). Not
 * before a dash, nor in a question: "Camila Rocha - …" names whom it is about.
 */
const FOREIGN_START = /^\s*(\p{L}{1,20}(?: \p{L}{1,20}){0,2})\s*[,!:;]+\s*/u;

/**
 * Words that are neither English nor a city's ("…, batam" names the place of the task). A word
 * with a capital is one word only ("…, JazakAllah"): two are more likely a name of the task's.
 */
const foreignWords = (said: string) => {
  const words = said.split(' ');
  if (words.length > 1 && /\p{Lu}/u.test(said.slice(1))) return false;
  const foreign = (w: string) => !isEnglishWord(w) && !isGazetteerCity(w);
  // A particle of two letters goes with such a word ("makasih ya"), never alone (", no?").
  return !isGazetteerCity(said) && words.some((w) => w.length > 2) && words.every((w) => w.length <= 2 || foreign(w));
};

/** Days and months in short ("tue, thu 0715 …"): schedule, never a greeting. */
const SHORT_CALENDAR_WORD =
  /^(?:mon|tues?|wed|weds|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)$/i;

/** Words before a mark at the start that are all neither English nor a city's: a greeting of the asker's language. */
function withoutForeignStart(text: string): string {
  const m = FOREIGN_START.exec(text);
  if (!m) return text;
  const words = m[1].split(' ');
  const foreign = (w: string) =>
    w.length <= 2 || (!isEnglishWord(w.toLowerCase()) && !isGazetteerCity(w) && !SHORT_CALENDAR_WORD.test(w));
  return words.some((w) => w.length > 2) && words.every(foreign) ? text.slice(m[0].length) : text;
}

/** The request without the thanks and sign-offs at its end, one by one (each pattern is tried once per place: linear). */
function withoutCourtesyAtEnd(text: string): string {
  let rest = text;
  for (;;) {
    while (MARKS.test(rest)) rest = rest.slice(0, -1);
    const signed = SIGNED_END.exec(rest);
    const foreign = FOREIGN_END.exec(rest);
    const found =
      THANKS_END.exec(rest) ??
      SIGN_OFF_END.exec(rest) ??
      (signed && /^\p{Lu}/u.test(signed[1]) ? signed : null) ??
      (foreign && foreignWords(foreign[0]) ? foreign : null);
    if (!found) return rest;
    rest = rest.slice(0, found.index);
  }
}

/** Thanks or a sign-off before the request, set apart by a mark ("Kind regards, every friday …", "Thanks! …"). */
const COURTESY_START = new RegExp(String.raw`^\s*(?:(?:${THANKS}|${SIGN_OFF})\s*[,!:;.\u2014-]+\s*)+`, 'iu');

/** Words that only start talking ("ok so every tuesday …", "um, so daily at 9 …"): a bounded run of them. */
const FILLER_START = /^\s*(?:(?:ok(?:ay)?|alright|so|um+|uh+)(?:\s*[,!.]\s*|\s+)){1,4}/i;

/**
 * Where a sentence ends: after "!" or "?", or a full stop after a word of three characters or more,
 * so that abbreviations ("st. patrick's day", "9 a.m.", "Mr. Sousa") do not end one.
 */
const SENTENCE_END = /(?<=[!?]|[^\s.]{3}\.)\s+(?=\S)/u;

/**
 * A request without its courtesy: the sentences that hold no task, schedule nor delivery word
 * ("Much appreciated.", "Danke!"), a greeting before it and thanks after it. A request all of
 * courtesy is returned as it was (it is no task, which the planner says).
 */
export function withoutCourtesy(request: string): string {
  const sentences = withoutForeignStart(
    request.replace(FILLER_START, '').replace(GREETING_START, '').replace(COURTESY_START, ''),
  ).split(SENTENCE_END);
  const holds = (s: string) => ACTION.test(s) || TASK_DETAIL.test(s) || SCHEDULE_OR_DELIVERY.test(s);
  const kept = sentences.some(holds) ? sentences.filter(holds) : sentences;
  return withoutCourtesyAtEnd(kept.join(' ')).trim() || request;
}

/**
 * An apology or a signpost before a question ("sorry to bother -", "quick question:"), set apart by
 * a mark; or a clause that says the question may be silly ("sorry if this is a silly question,
 * but", "this might be a dumb question but"), up to "question" and a "but" after it.
 */
const APOLOGY_START =
  /^\s*(?:(?:(?:sorry|apologies)(?: to (?:bother|disturb|trouble)(?: you)?| for (?:bothering|disturbing|the trouble)(?: you)?)?|excuse me|quick (?:question|one)|one more (?:thing|question))\s*[,!:;.\u2014-]+\s*|(?:sorry|apologies|this (?:may|might|could) be|maybe|probably|perhaps|possibly|might be)\b[^,.?!:;]{0,40}?\bquestion\b\s*[,!:;.\u2014-]*\s*(?:but\b\s*)?)/i;

/**
 * A question without the courtesy around it ("Hi, sorry to bother - which office is Eliška in?",
 * "Dear HR helper, to whom does the CFO report? Thank you"): the greeting, an apology and thanks
 * at either end, which a reader of the question's own words would otherwise take as part of it.
 */
export function withoutCourtesyAround(question: string): string {
  const start = question
    .replace(FILLER_START, '')
    .replace(GREETING_START, '')
    .replace(APOLOGY_START, '')
    .replace(COURTESY_START, '');
  // The marks at the end are kept when no courtesy was there: a tag ("…, right?") is read by its mark.
  let bare = start;
  while (MARKS.test(bare)) bare = bare.slice(0, -1);
  const ended = withoutCourtesyAtEnd(start).trim();
  if (ended === bare) return start.trim() || question;
  return ended ? `${ended}${question.includes('?') ? '?' : ''}` : question;
}

/** Words that only frame a request before its verb ("I'd be grateful if you could", "is it possible to", "would be great if you could"). */
const FRAME_WORDS = String.raw`i|i'?d|i'?m|we|we'?d|you|u|ya|would|could|can|will|shall|might|please|pls|plz|kindly|like|love|want|wanted|need|be|so|kind|enough|as|to|grateful|thankful|glad|happy|if|is|it|it'?s|was|were|wondering|possible|that|mind|do|does|appreciate|really|just|able|are|also|ok|okay|go|ahead|and|make|sure|think|there|assistant|how|what|about|for|great|nice|lovely|helpful|awesome|good|perfect|amazing|fantastic|wonderful|brilliant`;
/** Verbs that start the task, with their "-ing" forms ("would you mind emailing me …"). */
const VERB = ACTION.source.replace(/^\\b\(/, '(?:').replace(/\)\\b$/, ')');

/**
 * "I'd like you to email me …", "Would you be so kind as to email …", "is it possible to …":
 * a run of frame words where a clause starts, right before the verb of the task, is not the task.
 */
const FRAME = new RegExp(String.raw`(^\s*|[,.;:!?]\s*)(?:(?:${FRAME_WORDS})\s+)+(?=${VERB}(?:ing|ed)?\b)`, 'giu');

/** The request without the words that frame it before its verb. */
export function withoutRequestFrame(text: string): string {
  return text.replace(FRAME, '$1');
}

/** The "-ing" forms of the one-word verbs of a task ("emailing", "sharing", "dropping"), each to the verb. */
const ING_FORMS: ReadonlyMap<string, string> = new Map(
  ACTION.source
    .replace(/^\\b\(|\)\\b$/g, '')
    .split('|')
    .filter((verb) => /^[a-z-]+$/.test(verb))
    .flatMap((verb): [string, string][] => [
      [`${verb}ing`, verb],
      [`${verb.replace(/e$/, '')}ing`, verb],
      [`${verb}${verb.slice(-1)}ing`, verb],
    ]),
);
/**
 * A frame that takes its verb in "-ing" ("would you mind emailing me", "how about sending Ingrid",
 * "I'd appreciate you posting"): the verb said as "-ing" after it is the task's verb.
 */
const ING_AFTER_FRAME =
  /\b((?:mind|minding|(?:how|what) about|consider|considering|appreciate|recommend|suggest)\s+(?:(?:you|u|your)\s+)?(?:(?:kindly|just|also)\s+)?)([a-z-]+ing)\b/giu;

/** The request with a verb after a frame that takes "-ing" said as the verb ("would you mind email me …"). */
export function withBareVerbAfterFrame(text: string): string {
  return text.replace(ING_AFTER_FRAME, (said: string, frame: string, ing: string) => {
    const verb = ING_FORMS.get(ing.toLowerCase());
    return verb ? `${frame}${verb}` : said;
  });
}
