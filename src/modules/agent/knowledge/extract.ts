import { extname } from 'node:path';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { htmlToText, readableArticle } from './html-text';

/** A file the service cannot learn from: not a supported kind, or not readable as its kind. */
export class UnreadableContentError extends Error {}

export interface Extracted {
  title: string | null;
  text: string;
  mediaType: string;
}

type Kind = 'text' | 'markdown' | 'html' | 'pdf' | 'docx' | 'csv' | 'json';

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

/** The text of a file of a supported kind, Markdown-shaped so that chunks follow its sections. */
export async function extract(bytes: Buffer, kind: Kind): Promise<Extracted> {
  const mediaType = MEDIA_TYPES[kind];
  switch (kind) {
    case 'pdf':
      return { ...(await pdf(bytes)), mediaType };
    case 'docx':
      return { ...(await docx(bytes)), mediaType };
    case 'html': {
      const { title, text } = readableArticle(utf8(bytes, 'HTML'));
      return { title, text, mediaType };
    }
    case 'csv':
      return { title: null, text: csvText(utf8(bytes, 'CSV')), mediaType };
    case 'json':
      return { title: null, text: jsonText(utf8(bytes, 'JSON')), mediaType };
    default: {
      const text = utf8(bytes, kind === 'markdown' ? 'Markdown' : 'text');
      return { title: /^#\s+(.+)$/m.exec(text)?.[1].trim() ?? null, text, mediaType };
    }
  }
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

async function pdf(bytes: Buffer): Promise<{ title: string | null; text: string }> {
  try {
    const proxy = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(proxy, { mergePages: false });
    const meta = await getMeta(proxy);
    const title = typeof meta.info?.Title === 'string' && meta.info.Title.trim() ? meta.info.Title.trim() : null;
    return { title, text: (text as string[]).join('\n\n') };
  } catch {
    throw new UnreadableContentError('file is not a readable PDF');
  }
}

async function docx(bytes: Buffer): Promise<{ title: string | null; text: string }> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch {
    throw new UnreadableContentError('file is not a readable DOCX document');
  }
  const text = htmlToText(html);
  return { title: /^#\s+(.+)$/m.exec(text)?.[1].trim() ?? null, text };
}

/** Each CSV row as "column: value" pairs, one paragraph per row, so a row is found by its values. */
function csvText(source: string): string {
  const rows = parseCsv(source).filter((row) => row.some((cell) => cell.trim()));
  if (rows.length === 0) return '';
  const [header, ...data] = rows;
  return data.map((row) => row.map((cell, i) => `${header[i]?.trim() || `column ${i + 1}`}: ${cell.trim()}`).join('; ')).join('\n\n');
}

function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
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
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new UnreadableContentError('file is not readable as CSV (a quoted field is not closed)');
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** JSON as "path: value" lines, grouped by top-level entry, so each value is found with its name. */
function jsonText(source: string): string {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    throw new UnreadableContentError('file is not readable as JSON');
  }
  const lines: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
      if (Array.isArray(node) || path.split('.').length <= 1) lines.push('');
    } else lines.push(`${path || 'value'}: ${String(node)}`);
  };
  walk(value, '');
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
