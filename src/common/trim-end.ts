/**
 * Text without the characters that `drop` accepts at its end, found in one pass from the end. A
 * pattern such as /[.!?]+$/ or /\s+$/ starts again at every character of a run that does not reach
 * the end, which is quadratic in the run's length (regexp/no-super-linear-move).
 */
export function trimEndWhere(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text[end - 1])) end--;
  return text.slice(0, end);
}

/** Text without any of `chars` at its end: trimEndOf(url, '/') takes a URL's trailing slashes off. */
export function trimEndOf(text: string, chars: string): string {
  return trimEndWhere(text, (char) => chars.includes(char));
}

const SPACE = /\s/;

/** Whether a character is white space, as `\s` means it. */
export const isSpace = (char: string) => SPACE.test(char);
