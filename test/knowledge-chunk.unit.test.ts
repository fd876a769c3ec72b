import { CHUNK_CHARS, chunkText, OVERLAP_CHARS } from '../src/modules/agent/knowledge/chunk';

// Chunking of learnt text (src/modules/agent/knowledge/chunk.ts): sections, size and overlap.

const paragraph = (tag: string, words = 60) => Array.from({ length: words }, (_, i) => `${tag}${i}`).join(' ') + '.';

describe('chunkText', () => {
  it('keeps a short text whole, and drops empty text', () => {
    expect(chunkText('One short paragraph.')).toEqual(['One short paragraph.']);
    expect(chunkText('  \n\n ')).toEqual([]);
  });

  it('never spans two sections, and starts each chunk with its section’s heading', () => {
    const chunks = chunkText(
      '# Handbook\n\nIntro text.\n\n## Travel\n\nTrains are preferred.\n\n## Meals\n\nLunch is covered.',
    );
    expect(chunks).toEqual(['Handbook\nIntro text.', 'Travel\nTrains are preferred.', 'Meals\nLunch is covered.']);
  });

  it('packs paragraphs up to the chunk size and repeats the end of a chunk at the start of the next', () => {
    const text = ['a', 'b', 'c', 'd', 'e', 'f'].map((tag) => paragraph(tag)).join('\n\n');
    const chunks = chunkText(`## Rules\n\n${text}`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.startsWith('Rules\n')).toBe(true);
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_CHARS + OVERLAP_CHARS + 20);
    }
    for (let i = 1; i < chunks.length; i++) {
      const previousEnd = chunks[i - 1].slice(-40).replace(/\s+/g, ' ');
      expect(chunks[i]).toContain(previousEnd.slice(previousEnd.indexOf(' ') + 1));
    }
    // Every paragraph's last word is somewhere.
    for (const tag of ['a', 'b', 'c', 'd', 'e', 'f']) expect(chunks.join(' ')).toContain(`${tag}59.`);
  });

  it('cuts a paragraph longer than a chunk at sentence ends', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something about the rules.`).join(
      ' ',
    );
    const chunks = chunkText(sentences);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0].endsWith('rules.')).toBe(true);
    expect(chunks.join(' ')).toContain('Sentence number 39 says');
  });
});
