import { extname } from 'node:path';
import mammoth from 'mammoth';
import { getDocumentProxy, getMeta } from 'unpdf';
import { checkHtmlDepth, checkJsonDepth } from './depth-guard';
import { htmlToText, readableArticle } from './html-text';
import { LimitExceededError, type ParseLimits, tooLarge } from './parse-limits';
import { checkZip } from './zip-guard';

/** A file the service cannot learn from: not a supported kind, or not readable as its kind. */
export class UnreadableContentError extends Error {}

export interface Extracted {
  title: string | null;
  text: string;
  mediaType: string;
}

export type Kind = 'text' | 'markdown' | 'html' | 'pdf' | 'docx' | 'csv' | 'json';

const MEDIA_TYPES: Record<Kind, string> = {
  text: 'text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  json: 'application/json',
};

const EXTENSIONS: Record<string, Kind> = {
  '.txt': 'text',
  '.text': 'text',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.csv': 'csv',
  '.json': 'json',
};

export const SUPPORTED = 'plain text, Markdown, HTML, PDF, DOCX, CSV or JSON';

/** A Markdown title line ("# Travel policy"): the space after "#" stays on its line, and the title starts at a letter. */
const TITLE = /^#[^\S\n\r\u2028\u2029]+(\S.*)$/m;

/** The kind of a file, from its media type or else its file name. */
export function kindOf(mediaType: string | null, filename: string | null): Kind | null {
  const type = (mediaType ?? '').split(';')[0].trim().toLowerCase();
  const byType = (Object.keys(MEDIA_TYPES) as Kind[]).find((kind) => MEDIA_TYPES[kind] === type);
  if (byType) return byType;
  if (type === 'application/xhtml+xml') return 'html';
  const byName = filename ? EXTENSIONS[extname(filename).toLowerCase()] : undefined;
  if (byName) return byName;
  // Generic types say nothing; anything else named is a kind we do not read.
  return null;
}

/**
 * The text of a file of a supported kind, Markdown-shaped so that chunks follow its sections.
 * Runs in a parse worker (parse-worker.ts), never on the service's event loop. Each kind is
 * checked against `limits` before the library that reads it gets it (zip sizes, nesting depth)
 * and while it is read (pages, rows, text size); a limit passed throws LimitExceededError.
 */
export async function extract(bytes: Buffer, kind: Kind, limits: ParseLimits): Promise<Extracted> {
  const mediaType = MEDIA_TYPES[kind];
  let result: { title: string | null; text: string };
  switch (kind) {
    case 'pdf':
      result = await pdf(bytes, limits);
      break;
    case 'docx':
      result = await docx(bytes, limits);
      break;
    case 'html': {
      const source = utf8(bytes, 'HTML');
      checkHtmlDepth(source, limits.maxDepth);
      result = readableArticle(source);
      break;
    }
    case 'csv':
      result = { title: null, text: csvText(utf8(bytes, 'CSV'), limits) };
      break;
    case 'json':
      result = { title: null, text: jsonText(utf8(bytes, 'JSON'), limits) };
      break;
    default: {
      const text = utf8(bytes, kind === 'markdown' ? 'Markdown' : 'text');
      result = { title: TITLE.exec(text)?.[1].trim() ?? null, text };
    }
  }
  checkTextSize(result.text.length, limits);
  if (Buffer.byteLength(result.text) > limits.maxTextBytes) throw textTooLarge(limits);
  return { ...result, mediaType };
}

function textTooLarge(limits: ParseLimits): LimitExceededError {
  return tooLarge('file yields', limits.maxTextBytes, 'bytes of text', 'KNOWLEDGE_MAX_TEXT_BYTES');
}

/** A cheap check while text grows: a UTF-16 length over the byte limit is over it in UTF-8 too. */
function checkTextSize(length: number, limits: ParseLimits): void {
  if (length > limits.maxTextBytes) throw textTooLarge(limits);
}

/** UTF-8 text; binary content (NUL bytes, invalid sequences) is not text. */
function utf8(bytes: Buffer, what: string): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    if (text.includes('\0')) throw new Error('NUL byte');
    return text;
  } catch {
    throw new UnreadableContentError(`file is not readable as ${what} (UTF-8 text expected)`);
  }
}

async function pdf(bytes: Buffer, limits: ParseLimits): Promise<{ title: string | null; text: string }> {
  let proxy: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    proxy = await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    throw new UnreadableContentError('file is not a readable PDF');
  }
  try {
    // The page count comes from the document's catalogue: refused before any page is read.
    if (proxy.numPages > limits.maxPdfPages)
      throw tooLarge('file has', limits.maxPdfPages, 'pages', 'KNOWLEDGE_MAX_PDF_PAGES');
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= proxy.numPages; number++) {
      const page = await proxy.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      length += text.length + 2;
      checkTextSize(length, limits);
      pages.push(text);
    }
    const meta = await getMeta(proxy);
    const title = typeof meta.info?.Title === 'string' && meta.info.Title.trim() ? meta.info.Title.trim() : null;
    return { title, text: pages.join('\n\n') };
  } catch (error) {
    if (error instanceof LimitExceededError) throw error;
    throw new UnreadableContentError('file is not a readable PDF');
  } finally {
    void proxy.destroy().catch(() => {});
  }
}

async function docx(bytes: Buffer, limits: ParseLimits): Promise<{ title: string | null; text: string }> {
  let html: string;
  try {
    checkZip(bytes, limits);
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (error) {
    if (error instanceof LimitExceededError) throw error;
    throw new UnreadableContentError('file is not a readable DOCX document');
  }
  const text = htmlToText(html);
  return { title: TITLE.exec(text)?.[1].trim() ?? null, text };
}

/** Each CSV row as "column: value" pairs, one paragraph per row, so a row is found by its values. */
function csvText(source: string, limits: ParseLimits): string {
  const rows = parseCsv(source, limits).filter((row) => row.some((cell) => cell.trim()));
  if (rows.length === 0) return '';
  const [header, ...data] = rows;
  const paragraphs: string[] = [];
  let length = 0;
  for (const row of data) {
    const paragraph = row.map((cell, i) => `${header[i]?.trim() || `column ${i + 1}`}: ${cell.trim()}`).join('; ');
    length += paragraph.length + 2;
    checkTextSize(length, limits);
    paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n');
}

/** Rows of CSV text; more than `maxRows` data rows (after the header) are refused as they are met. */
function parseCsv(source: string, limits: ParseLimits): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    rows.push(row);
    if (rows.length > limits.maxRows + 1) throw tooLarge('file has', limits.maxRows, 'rows', 'KNOWLEDGE_MAX_ROWS');
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      cell = '';
      endRow();
    } else cell += c;
  }
  if (quoted) throw new UnreadableContentError('file is not readable as CSV (a quoted field is not closed)');
  if (cell || row.length) {
    row.push(cell);
    endRow();
  }
  return rows;
}

/**
 * JSON as "path: value" lines, grouped by top-level entry, so each value is found with its name.
 * The depth is checked before parsing, and the walk keeps its own stack: no recursion on the
 * document's depth.
 */
function jsonText(source: string, limits: ParseLimits): string {
  checkJsonDepth(source, limits.maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    throw new UnreadableContentError('file is not readable as JSON');
  }
  const lines: string[] = [];
  let length = 0;
  const push = (line: string) => {
    length += line.length + 1;
    checkTextSize(length, limits);
    lines.push(line);
  };
  // A frame visits a node, or (node === BREAK) ends a group with a blank line.
  const BREAK = Symbol('break');
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (node === BREAK) push('');
    else if (node && typeof node === 'object') {
      if (Array.isArray(node) || path.split('.').length <= 1) stack.push({ node: BREAK, path });
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ node: entries[i][1], path: path ? `${path}.${entries[i][0]}` : entries[i][0] });
    } else push(`${path || 'value'}: ${String(node)}`);
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
