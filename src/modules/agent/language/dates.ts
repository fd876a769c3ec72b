import * as chrono from 'chrono-node';

/**
 * The most characters of a text chrono-node reads for dates. Some of its patterns take time that
 * grows faster than the text ("at 9" and 10,000 no-break spaces took 300 ms of one request); a
 * request's or a question's date is in its first sentences, and the planner reads no request
 * longer than this (planner/plan-request.ts MAX_REQUEST).
 */
export const MAX_DATE_TEXT = 1_000;

/** The dates and times chrono-node finds in the start of a text (its first MAX_DATE_TEXT characters). */
export function parseDates(
  text: string,
  reference?: chrono.ParsingReference | Date,
  options?: chrono.ParsingOption,
): chrono.ParsedResult[] {
  return chrono.parse(text.slice(0, MAX_DATE_TEXT), reference, options);
}
