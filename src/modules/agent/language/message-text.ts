/**
 * A user's message as the agent reads it, and keeps it: each run of white space (line breaks
 * too) one space, control characters that are not white space taken out, nothing around it.
 * Applied once, where a message enters the agent (AgentService), so that no reader sees a long
 * run of white space: a pattern that can split a run in several ways ("who is", 10,000 spaces and
 * a name) costs time by a power of the run's length. The readers are linear without it too (the
 * lint rule and test/reader-fuzz.unit.test.ts hold them to it); this keeps what they read plain.
 */
export function messageText(text: string): string {
  return text.replace(CONTROL, '').replace(WHITE_SPACE, ' ').trim();
}

/** A control character that is not white space (NUL, BEL, ESC, DEL, the C1 set, ...). */
const CONTROL = /(?!\s)\p{Cc}/gu;
const WHITE_SPACE = /\s+/g;
