import { isSpace } from '../../../common/trim-end';

/** Target chunk size in characters: a few paragraphs, enough context for an answer. */
export const CHUNK_CHARS = 1200;
/** Characters of the previous chunk repeated at the start of the next, so no sentence loses its context. */
export const OVERLAP_CHARS = 200;

/**
 * Splits text (Markdown-shaped: `#` headings, blank-line paragraphs) into overlapping chunks.
 * A chunk never spans two sections; each starts with its section's heading, and the end of the
 * previous chunk of the same section is repeated at its start. Paragraphs longer than a chunk
 * are cut at sentence ends.
 */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  for (const section of sections(text)) {
    let current = '';
    let carried = '';
    const flush = () => {
      if (!current.trim()) return;
      const body = carried ? `${carried} … ${current}` : current;
      chunks.push(section.heading ? `${section.heading}\n${body}` : body);
      carried = tail(current);
      current = '';
    };
    for (const paragraph of section.paragraphs.flatMap(pieces)) {
      if (current && current.length + paragraph.length + 2 > CHUNK_CHARS) flush();
      current = current ? `${current}\n\n${paragraph}` : paragraph;
    }
    flush();
  }
  return chunks;
}

interface Section {
  heading: string;
  paragraphs: string[];
}

function sections(text: string): Section[] {
  const result: Section[] = [{ heading: '', paragraphs: [] }];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    for (const line of lines.length ? [lines.join('\n')] : []) {
      const heading = /^#{1,6}\s+(\S.*)$/.exec(line.split('\n')[0]);
      if (heading) {
        result.push({ heading: heading[1].trim(), paragraphs: [] });
        const rest = line.split('\n').slice(1).join(' ').trim();
        if (rest) result[result.length - 1].paragraphs.push(rest);
      } else {
        result[result.length - 1].paragraphs.push(line.replace(/\n/g, ' '));
      }
    }
  }
  return result.filter((s) => s.paragraphs.length);
}

/** A paragraph cut into pieces of at most a chunk, at sentence ends where it can be. */
function pieces(paragraph: string): string[] {
  if (paragraph.length <= CHUNK_CHARS) return [paragraph];
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences(paragraph)) {
    for (let i = 0; i < sentence.length; i += CHUNK_CHARS) {
      const part = sentence.slice(i, i + CHUNK_CHARS);
      if (current.length + part.length > CHUNK_CHARS) {
        out.push(current.trim());
        current = '';
      }
      current += part;
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** The last words of a chunk, about OVERLAP_CHARS long, starting at a word. */
function tail(text: string): string {
  if (text.length <= OVERLAP_CHARS) return text.replace(/\s+/g, ' ');
  const cut = text.slice(-OVERLAP_CHARS);
  return cut.slice(cut.indexOf(' ') + 1).replace(/\s+/g, ' ');
}

const ENDS = '.!?';

/**
 * A paragraph's sentences, each with the marks and the white space after it, in one pass (a
 * pattern for them was tried again at each character of a long run without a mark).
 */
function sentences(paragraph: string): string[] {
  const found: string[] = [];
  let start = 0;
  let i = 0;
  while (i < paragraph.length) {
    if (!ENDS.includes(paragraph[i])) {
      i++;
      continue;
    }
    while (i < paragraph.length && ENDS.includes(paragraph[i])) i++;
    while (i < paragraph.length && isSpace(paragraph[i])) i++;
    found.push(paragraph.slice(start, i));
    start = i;
  }
  if (start < paragraph.length) found.push(paragraph.slice(start));
  return found;
}
