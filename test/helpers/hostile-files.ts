import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

// Hostile documents of the classes the security review used, generated here (no committed
// binaries). Sized against the service's default limits, so each must be refused (or read) quickly.

export interface HostileFile {
  name: string;
  type: string;
  bytes: Buffer;
  /** What the default limits make of it. */
  expect: 200 | 400 | 413;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface ZipEntry {
  name: string;
  /** Deflated content. */
  data: Buffer;
  /** The sizes the archive claims. */
  declared: number;
  crc?: number;
}

/** A zip archive written by hand, so its declared sizes can say whatever the test wants. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc ?? 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc ?? 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Deflated data inflating to `megabytes` MB of the same byte, without ever holding it: one fully
 * flushed (self-contained) deflate block of 1 MB repeated, then a final empty block.
 */
export function deflatedRepeat(megabytes: number, byte = 0x20): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, byte), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

/** A DOCX-looking archive whose document.xml inflates to `megabytes` MB, declaring `declared` bytes. */
export function docxBomb(megabytes: number, declared = megabytes * 1024 * 1024): Buffer {
  return zipArchive([{ name: 'word/document.xml', data: deflatedRepeat(megabytes), declared }]);
}

/** `depth` nested elements around a paragraph. */
export function nestedHtml(depth: number, tag = 'div'): Buffer {
  return Buffer.from(
    `<html><head><title>Deep</title></head><body>${`<${tag}>`.repeat(depth)}<p>deep text</p>${`</${tag}>`.repeat(depth)}</body></html>`,
  );
}

/** A PDF of `pages` empty pages. */
export async function manyPagesPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}

/** The corpus of the review's classes, against the default limits (KNOWLEDGE_MAX_*). */
export async function hostileCorpus(): Promise<HostileFile[]> {
  return [
    { name: 'bomb-60mb.docx', type: DOCX, bytes: docxBomb(60), expect: 413 },
    { name: 'bomb-1gb.docx', type: DOCX, bytes: docxBomb(1024), expect: 413 },
    { name: 'lying-sizes.docx', type: DOCX, bytes: docxBomb(40, 1000), expect: 413 },
    { name: 'nested-2000.html', type: 'text/html', bytes: nestedHtml(2_000), expect: 400 },
    { name: 'nested-10000.html', type: 'text/html', bytes: nestedHtml(10_000), expect: 400 },
    { name: 'pages-1500.pdf', type: 'application/pdf', bytes: await manyPagesPdf(1_500), expect: 413 },
    {
      name: 'nested-50000.json',
      type: 'application/json',
      bytes: Buffer.from(`${'['.repeat(50_000)}1${']'.repeat(50_000)}`),
      expect: 400,
    },
    { name: 'rows-1m.csv', type: 'text/csv', bytes: Buffer.from('a\n'.repeat(1_000_000)), expect: 413 },
    {
      name: 'huge-text.txt',
      type: 'text/plain',
      bytes: Buffer.from('All work and no play. '.repeat(300_000)),
      expect: 413,
    },
  ];
}
