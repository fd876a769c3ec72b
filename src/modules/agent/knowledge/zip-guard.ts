import { inflateRawSync } from 'node:zlib';
import { LimitExceededError, type ParseLimits, tooLarge } from './parse-limits';

/** The archive is not a zip file this service reads (it is not one, or uses ZIP64 or an unknown method). */
export class UnreadableZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Entries smaller than this are not judged by their ratio: a few KB of repeated markup compress well and harm no one. */
const RATIO_FLOOR = 1024 * 1024;

interface Entry {
  name: string;
  method: number;
  compressed: number;
  declared: number;
  localOffset: number;
}

/**
 * Checks a zip archive (a DOCX) before any library inflates it: first the central directory,
 * whose declared sizes must stay within `maxInflatedBytes` in total and `maxCompressionRatio` per
 * entry, then each entry's real inflated size, inflating with an output bound so that an entry
 * whose declared size lies is stopped as soon as it passes it (and the total still within the
 * cap). After this, the library that reads the archive inflates at most what was checked here.
 */
export function checkZip(bytes: Buffer, limits: ParseLimits): void {
  const entries = centralDirectory(bytes);
  let declaredTotal = 0;
  for (const entry of entries) {
    declaredTotal += entry.declared;
    if (declaredTotal > limits.maxInflatedBytes) throw inflatesTooMuch(limits);
    if (entry.declared > RATIO_FLOOR && entry.declared / Math.max(entry.compressed, 1) > limits.maxCompressionRatio) {
      throw new LimitExceededError(
        `file has a zip entry (${entry.name}) compressed more than ${limits.maxCompressionRatio} times (the limit, KNOWLEDGE_MAX_COMPRESSION_RATIO)`,
        413,
      );
    }
  }
  for (const entry of entries) {
    const actual = inflatedSize(bytes, entry);
    if (actual > entry.declared) {
      throw new LimitExceededError(
        `file has a zip entry (${entry.name}) that inflates to more than its declared ${entry.declared} bytes (KNOWLEDGE_MAX_INFLATED_BYTES)`,
        413,
      );
    }
  }
}

function inflatesTooMuch(limits: ParseLimits): LimitExceededError {
  return tooLarge('file inflates to', limits.maxInflatedBytes, 'bytes', 'KNOWLEDGE_MAX_INFLATED_BYTES');
}

function centralDirectory(bytes: Buffer): Entry[] {
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new UnreadableZipError('not a zip archive');
  const count = bytes.readUInt16LE(eocd + 10);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new UnreadableZipError('ZIP64 archives are not read');
  const entries: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL)
      throw new UnreadableZipError('broken central directory');
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: Entry = {
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      declared: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, Math.min(at + 46 + nameLength, bytes.length)).slice(0, 200),
    };
    if (entry.compressed === 0xffffffff || entry.declared === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new UnreadableZipError('ZIP64 archives are not read');
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The real size of an entry's content, inflating no further than one byte past its declared size. */
function inflatedSize(bytes: Buffer, entry: Entry): number {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new UnreadableZipError('broken local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressed);
  if (entry.method === 0) return data.length;
  if (entry.method !== 8) throw new UnreadableZipError(`compression method ${entry.method} is not read`);
  try {
    return inflateRawSync(data, { maxOutputLength: entry.declared + 1 }).length;
  } catch (error) {
    // The output bound was passed: the entry inflates to more than it declares.
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return entry.declared + 1;
    throw new UnreadableZipError('an entry is not valid deflate data');
  }
}
