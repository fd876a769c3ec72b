import { isEnglishWord, isMainlyNoun } from '../language/wordnet';
import { foldName } from '../../../common/fold-name';
import { NotificationChannel } from './plan-enums';

export interface DeliveryReading {
  channel: NotificationChannel;
  notifyTo: string | null;
  /** The target must still be given ("on Slack" with no channel, "e-mail it" with no address). */
  missing: string | null;
  /** Words that named the target, to leave out of the task. */
  words: string[];
  /** A person named as the recipient ("email Tom", "to Maria Santos", "my manager"), found in the directory when planned. */
  recipient?: string;
}

/** An address, and the word that led to it; it starts where no character of one is before it (linear in a long run of them). */
const ADDRESS = /(?:\b(?:to|at|for|cc|bcc|and)\s+)?((?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;
/** Verbs and phrases that mean e-mail, as a delivery; "the email of Marie", "her email address" ask for an attribute. */
const EMAIL =
  /\b(?:(?<!(?:\b(?:the|their|his|her|whose)|['’]s) )e-?mail(?:ed|ing)?\b(?!['’]?s| (?:of|address(?:es)?)\b)|mail(?:ed|ing)? (?:me|it|them|this|that|to|over)|mail me|by mail|via mail|in(?:to)? my inbox|to my inbox|drop me (?:a|an) (?:line|note|mail|email|e-mail)|shoot me (?:a|an) (?:mail|email|e-mail|note)|send (?:me )?(?:a|an) (?:mail|email|e-mail))\b/;
/** Sending to someone: with an address next to it, that address is the target. */
// Not "report": "how many people report to Filipa" names whom they report to, not where a result goes.
const SEND = /\b(?:send|sent|e-?mail(?:ed)?|mail(?:ed)?|forward(?:ed)?|fwd|cc|share|deliver(?:ed)?|copy)\b/;
/** Telling the user directly, as soon as it has run. */
const DIRECT =
  /\b(?:notify|ping|alert|buzz|text|dm|message|msg)(?: (?:it|this|that|them))?(?: to)? me\b|\blet me know\b|\bgive me a (?:shout|ping|heads[- ]up)\b|\bpush (?:a )?notification\b|\bright away\b|\bimmediately\b/;
const CHAT_PLACE =
  /\b(?:on|in|to|via|over|into) (?:the )?(?:slack|chat|(?:team |group |our |the )?channel)\b|\bslack (?:channel|chat|message)\b/;

const SERVICE_NAMES: Record<string, string> = {
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  signal: 'Signal',
  sms: 'SMS',
  discord: 'Discord',
  wechat: 'WeChat',
  skype: 'Skype',
  viber: 'Viber',
  imessage: 'iMessage',
  teams: 'Microsoft Teams',
  fax: 'fax',
  zalo: 'Zalo',
  kakaotalk: 'KakaoTalk',
  kakao: 'KakaoTalk',
  messenger: 'Messenger',
  instagram: 'Instagram',
  snapchat: 'Snapchat',
  threema: 'Threema',
  mattermost: 'Mattermost',
  webex: 'Webex',
  'google chat': 'Google Chat',
  'line app': 'LINE',
};
/** A name: one or two capitalised words ("Tom", "Maria Santos", "O'Neil"). */
const NAME = String.raw`\p{Lu}[\p{Ll}'’-]{1,30}(?: \p{Lu}[\p{Ll}'’-]{1,30})?`;
/** "email Tom the report", "send it to Maria Santos", "mail my manager": a person the result goes to. */
const TO_PERSON = new RegExp(
  String.raw`\b(?:(?:e-?mail|mail|send|forward|fwd)(?: it| this| that| them)?(?: over)?(?: to)? |(?:e-?mailed|mailed|sent|forwarded) to |\bto )(my (?:manager|boss|line manager)(?:['’]s (?:manager|boss))?|${NAME})\b`,
  'gu',
);
/**
 * "email katrin the list", "mail étienne gagnon the report", "mail KATRIN the list": one or two
 * words in any case between the sending verb and what is sent name a person too (the directory
 * says whether they do, else the planner asks).
 */
const TO_PERSON_ANY_CASE =
  /(?<!\b(?:an?|the|by|via) )\b(?:e-?mail|mail|send|forward|fwd)(?: it| this| that| them)?(?: over)?(?: to)? (\p{L}[\p{L}'’-]{1,30}(?: \p{L}[\p{L}'’-]{1,30})?)(?= (?:the|a|an|my|our|his|her|their|all|this|that|these|those|today's|yesterday's|every|each|\p{L}+'s)\b)/u;
/** Lower-case words after a sending verb that are not people. */
const NOT_PEOPLE =
  /^(?:out|over|across|along|back|through|round|around|on|in|up|down|off|again|now|also|just|only|then|later|soon|asap|both|all|everyone|everybody|anyone|someone|somebody|people|team|staff|me|us|you|yourself|myself|him|her|them|it|this|that|daily|weekly|monthly|quickly|directly|automatically|regularly|with|about|on|for|of|to|from|regarding|listing|containing|showing|including)$/;
/** Capitalised words that are not people: days and months (short forms too: "Mon to Fri"), the start of a sentence, pronouns. */
const NOT_NAMES =
  /^(?:me|it|us|them|him|her|the|a|an|my|our|your|this|that|every|each|daily|weekly|monthly|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|(?:mon|tues?|wed|weds|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?|today|tomorrow|tonight|slack|teams|i)\b/i;
/** The sending verb has its recipient already: "email me …", "send us …". */
const SENT_TO_ME = /\b(?:e-?mail|mail|send|forward|fwd|text|message|dm|ping)\s+(?:me|us)\b/i;

/**
 * "forward the review list to marta", "send it to joão every friday": a word in lower case after
 * "to", where the request ends, its schedule starts (a word or a number of it) or its thanks, names
 * a person when a sending verb comes before it and English has no such word ("send the report to
 * finance" names a team, not a person), or when the verb is "e-mail" (only a person has an address).
 */
const TO_LOWER_CASE_PERSON =
  /\b(send|forward|fwd|e-?mail|mail|pass|hand)\b[^.!?#@]{0,200}?\bto (\p{Ll}[\p{L}'’-]{1,30})(?=\s*$|\s*[,.;!?]| \d| (?:every|each|daily|weekly|monthly|quarterly|yearly|annually|fortnightly|biweekly|hourly|nightly|twice|once|two|three|several|sometime|weekdays?|working|business|workdays?|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?|noon|midnight|half|quarter|on|at|by|tomorrow|today|tonight|next|in|please|thanks|thank|thx|cheers)\b)/u;

/** A name without a second word that is not a name's ("Tom Friday's numbers": Tom). */
function nameOnly(said: string): string {
  const [first, second] = said.split(' ');
  return second && (/['’]s$/.test(second) || NOT_NAMES.test(second)) ? first : said;
}

/** Up to three words after a sending verb (and "to"), in any case: a name the directory holds when `people` has it. */
const AFTER_SENDING =
  /(?<!\b(?:an?|the|by|via) )\b(?:e-?mail|mail|send|forward|fwd)(?: it| this| that| them)?(?: over)?(?: to)? (\p{L}[\p{L}'’-]{1,30})(?: (\p{L}[\p{L}'’-]{1,30}))?(?: (\p{L}[\p{L}'’-]{1,30}))?/gu;

/** Up to three words after "to": a person of the directory when a sending verb comes before ("forward the list to daniel kiptoo"). */
const AFTER_TO = /\bto (\p{L}[\p{L}'’-]{1,30})(?: (\p{L}[\p{L}'’-]{1,30}))?(?: (\p{L}[\p{L}'’-]{1,30}))?/gu;

/**
 * The longest run of the words after a sending verb, or after "to" where one leads, that is a full
 * or first name of the directory's: the directory decides, in any case, whatever English has the word for.
 */
function knownName(original: string, people: ReadonlySet<string>): { recipient: string; words: string[] } | undefined {
  if (people.size === 0) return undefined;
  const afterTo = [...original.matchAll(AFTER_TO)].filter((m) => SEND.test(original.slice(0, m.index).toLowerCase()));
  for (const m of [...original.matchAll(AFTER_SENDING), ...afterTo]) {
    const words = m.slice(1).filter((w): w is string => Boolean(w));
    if (NOT_PEOPLE.test(words[0].toLowerCase()) || NOT_NAMES.test(words[0])) continue;
    for (let n = words.length; n >= 1; n--) {
      const said = words.slice(0, n).join(' ');
      if (people.has(foldName(said))) return { recipient: said, words: [m[0].startsWith('to ') ? `to ${said}` : said] };
    }
  }
  return undefined;
}

/** The person a result is sent to by name, and the words that named them. */
function recipientNamed(
  original: string,
  sending: boolean,
  people: ReadonlySet<string>,
): { recipient: string; words: string[] } | undefined {
  // The directory's own names first: "email grace japanese sample requests" is Grace, in any case.
  const known = knownName(original, people);
  if (known) return known;
  // The first that names a person: "Monday to Friday" names a day first.
  for (const m of original.matchAll(TO_PERSON)) {
    const mine = /^my /i.test(m[1]);
    if ((!mine && NOT_NAMES.test(m[1])) || (/^to /i.test(m[0]) && !sending)) continue;
    // "email me the trucks crossing the bridge to Argentina": after "to", a name when the result
    // goes to the user already is where, not whom (the directory's own names were read above).
    if (/^to /i.test(m[0]) && !mine && SENT_TO_ME.test(original)) continue;
    const name = mine ? m[1].toLowerCase() : nameOnly(m[1]);
    return { recipient: name, words: [name] };
  }
  const anyCase = TO_PERSON_ANY_CASE.exec(original);
  const first = anyCase?.[1].split(' ')[0].toLowerCase() ?? '';
  if (anyCase && !NOT_PEOPLE.test(first) && !NOT_NAMES.test(first)) {
    const name = nameOnly(anyCase[1]);
    return { recipient: name, words: [name] };
  }
  const lower = TO_LOWER_CASE_PERSON.exec(original);
  // After "e-mail" the one after "to" is someone with an address, even a name English has as a word
  // ("email the pack to lucy"): the directory says who, else the planner asks. After "send" a word is a team.
  const emailed = !!lower && /mail/.test(lower[1]);
  // "the certificates about to expire", "invoices due to arrive": "to" of a verb, not of a person.
  const before = lower && original.slice(0, lower.index + lower[0].length - lower[2].length - 3);
  // "the referral bonuses to pay": a word English has mostly as a verb after "to" is what to do, not whom.
  const ofVerb = !!before && (VERB_TO.test(before) || (isEnglishWord(lower[2]) && !isMainlyNoun(lower[2])));
  if (
    lower &&
    !ofVerb &&
    !NOT_PEOPLE.test(lower[2]) &&
    !NOT_NAMES.test(lower[2]) &&
    (emailed || !isEnglishWord(lower[2]))
  )
    return { recipient: lower[2], words: [`to ${lower[2]}`] };
  return undefined;
}

/** Words after which "to" starts a verb ("about to expire", "due to start", "have to sign"), at the end of what comes before. */
const VERB_TO =
  /\b(?:about|due|going|have|has|had|need|needs|set|ready|likely|yet|able|want|wants|trying|used|supposed|starting|begin|begins)\s*$/i;

/** Messaging services and devices the product does not deliver to. */
const ELSEWHERE =
  /(?:\bto (?:me|us) )?\b(?:on|via|by|through|over|in|to|with|using|as) (?:my |our |a |an |the )?(?:ms |microsoft |facebook )?(whatsapp|telegram|signal|sms|discord|wechat|skype|viber|imessage|teams|fax|pager|text message|phone call|zalo|kakaotalk|kakao|messenger|instagram|snapchat|threema|mattermost|webex|google chat|line app)\b(?: (?:group|chat|channel|account|app)\b)?|\b(whatsapp|telegram|sms|fax|imessage|skype|viber|zalo|kakaotalk)(?: (?:it|this|that|them))?(?: (?:over|across|through))?(?: to)? me\b/;

/** A message sent to the user that is no e-mail: "send me a text message with …", "drop me a quick message about …". */
const TELL_ME =
  /\b(?:send|drop|shoot|give) (?:me|us) an? (?:quick |short )?(?:text(?: message)?|message|notification|dm|ping)(?: (?:with|about|of|on|listing|containing|showing))?\b/;

/**
 * The user asks to receive the result, naming how: "I would like to receive by e-mail …", "I'd
 * appreciate an email … with …", "get it as a text". E-mail goes to the user; a text, message or
 * notification is told directly.
 */
const RECEIVE =
  /\b(?:(?:i|we)(?:['’]d| would| will)? (?:like|love|want|prefer|need) to )?(?:receive|get|have)(?: (?:it|them|this|that|these|the results?))? (?:by|via|per|through|over|as|in) (?:an? )?(e-?mail|mail|text(?: message)?|message|notification|dm)\b|\b(?:i|we)(?:['’]d| would| will)? (?:like|love|want|prefer|appreciate|need)(?: to (?:receive|get|have))? (?:an?|the) (e-?mail|mail|text(?: message)?|message|notification|dm|ping)(?: (?:with|about|of|on|listing|containing|showing))?\b/;

/**
 * How the result of a run is delivered: posted in a chat channel ("#people"), e-mailed (to the
 * address written, or the user's for "me"), told to the user directly ("ping me"), or not at
 * all; "remind me" tells the user when it runs.
 */
export function readDelivery(
  text: string,
  original: string,
  userEmail: string | null,
  people: ReadonlySet<string> = new Set(),
): DeliveryReading {
  // A channel the product does not have is asked about, never refused nor replaced by another.
  const elsewhere = ELSEWHERE.exec(text);
  if (elsewhere) {
    const service = elsewhere[1] ?? elsewhere[2];
    return {
      channel: NotificationChannel.NONE,
      notifyTo: null,
      missing: `how to deliver the result: I cannot send it by ${SERVICE_NAMES[service] ?? service}, but I can e-mail it, post it in a chat channel (#name) or notify you`,
      // "send the crew list to my phone via Viber": the device is the service's too.
      words: [elsewhere[0], ...(/\b(?:to|on) my (?:phone|mobile|cell ?phone)\b/.exec(text) ?? [])],
    };
  }
  const hashtag = /(?:\b(?:in|to|on|into|at|via)\s+)?(?:the\s+)?#([a-z0-9][\w-]*[a-z0-9]|[a-z0-9])/i.exec(original);
  // The channel stays in the task ("post the wins in #wins" reads as what the run does).
  if (hashtag)
    return { channel: NotificationChannel.CHAT, notifyTo: `#${hashtag[1].toLowerCase()}`, missing: null, words: [] };
  const address = ADDRESS.exec(original);
  if (address && SEND.test(text))
    return { channel: NotificationChannel.EMAIL, notifyTo: address[1], missing: null, words: [address[0]] };
  const person = recipientNamed(original, SEND.test(text), people);
  if (person) return { channel: NotificationChannel.EMAIL, notifyTo: null, missing: null, ...person };
  const told = TELL_ME.exec(text);
  if (told) return { channel: NotificationChannel.IMMEDIATE, notifyTo: null, missing: null, words: [told[0]] };
  const receive = RECEIVE.exec(text);
  if (receive && !/mail/.test(receive[1] ?? receive[2]))
    return { channel: NotificationChannel.IMMEDIATE, notifyTo: null, missing: null, words: [receive[0]] };
  if (receive || EMAIL.test(text)) {
    const target = userEmail;
    return {
      channel: NotificationChannel.EMAIL,
      notifyTo: target,
      missing: target ? null : 'the e-mail address to send it to',
      words: receive ? [receive[0]] : [],
    };
  }
  if (DIRECT.test(text)) return { channel: NotificationChannel.IMMEDIATE, notifyTo: null, missing: null, words: [] };
  // "post the alarms summary every day at 6": posting is to a chat, whose channel is asked.
  const place =
    CHAT_PLACE.exec(text) ??
    /\b(?:slack|teams)\b/.exec(text) ??
    /(?<![\w-])post(?= (?:the|a|an|my|our|it|them|this|that|these|those|today's|yesterday's)\b)/.exec(text);
  if (place)
    return {
      channel: NotificationChannel.CHAT,
      notifyTo: null,
      missing: 'the chat channel (for example #people)',
      words: [place[0]],
    };
  // "give me", "get me", "show me" ask for the result, not for a delivery: only sending chooses e-mail.
  if (/\b(?:send|forward) me\b|\b(?:send|forward|deliver)\b[^.!?]*\bto me\b/.test(text)) {
    return {
      channel: NotificationChannel.EMAIL,
      notifyTo: userEmail,
      missing: userEmail ? null : 'the e-mail address to send it to',
      words: [],
    };
  }
  // "remind me to submit the timesheets": a reminder reaches the user, who is told when it runs
  // (with no channel it would reach nobody).
  // "remind me what the wifi password is" asks a fact again (request-intent.ts), nothing to deliver.
  if (
    /\b(?:remind|nudge) (?:me|us)\b(?!(?: again)?,? (?:of )?(?:when|what|where|who|whom|which|how|whether|if)\b)/.test(
      text,
    )
  )
    return { channel: NotificationChannel.IMMEDIATE, notifyTo: null, missing: null, words: [] };
  return { channel: NotificationChannel.NONE, notifyTo: null, missing: null, words: [] };
}
