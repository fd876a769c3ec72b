/** A letter left out or two letters swapped: the most common slips of typing, cheaper than the others. */
const SLIP = 0.75;

/**
 * Edits that turn a typed word `a` into the word meant `b`, counted up to `limit`: anything
 * farther answers limit + 1. A letter left out of `a` and two neighbours swapped cost SLIP, a
 * letter too many or a wrong letter 1, so "wensday" is nearer "wednesday" (two letters left out)
 * than "weekday" (two wrong letters).
 */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j * SLIP);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, row[j - 1] + SLIP, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2] + SLIP);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length], limit + 1);
}

/** Letter counts of a word (by char code), reused between calls. */
const counts = new Int16Array(65536);

/**
 * Whether `candidate`'s letters are too far from `word`'s for `limit` edits: each edit costs at
 * least SLIP and changes at most two letter counts. Counting is a tenth of the cost of the full
 * distance, and rules out almost every word of a large vocabulary.
 */
function lettersTooFar(word: string, candidate: string, limit: number): boolean {
  const most = (2 * limit) / SLIP;
  for (const c of word) counts[c.charCodeAt(0)]++;
  for (const c of candidate) counts[c.charCodeAt(0)]--;
  // Each letter's difference once (then cleared), so that the counts are zero for the next call.
  let apart = 0;
  for (const c of word + candidate) {
    apart += Math.abs(counts[c.charCodeAt(0)]);
    counts[c.charCodeAt(0)] = 0;
  }
  return apart > most + 1e-9;
}

/** The word of `vocabulary` closest to `word` within `limit` edits, or null when none or two tie. */
export function closest(
  word: string,
  vocabulary: Iterable<string>,
  limit: number,
): { word: string; distance: number } | null {
  let found: { word: string; distance: number } | null = null;
  let tied = false;
  for (const candidate of vocabulary) {
    if (lettersTooFar(word, candidate, limit)) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (!found || distance < found.distance) {
      found = { word: candidate, distance };
      tied = false;
    } else if (distance === found.distance && candidate !== found.word) tied = true;
  }
  return found && !tied ? found : null;
}
