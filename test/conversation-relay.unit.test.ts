import { randomUUID } from 'node:crypto';
import type { AgentMessage } from '../src/modules/agent/agent-message.entity';
import { encodeUpdate, MAX_PAYLOAD_BYTES, type Notice } from '../src/modules/agent/conversation-relay';
import { type ConversationUpdate, UpdateKind } from '../src/modules/agent/conversation-update';

// The NOTIFY payloads of conversation updates (src/modules/agent/conversation-relay.ts): under
// PostgreSQL's 8000 bytes each, a CHUNK too big for one cut into pieces that add up to it.

const FROM = randomUUID();
const chunk = (text: string): ConversationUpdate => ({
  conversationId: randomUUID(),
  userId: randomUUID(),
  kind: UpdateKind.CHUNK,
  chunk: text,
  message: null,
});
/** What every notice of an update names: its sender, conversation and owner. */
const envelope = (update: ConversationUpdate) => ({
  from: FROM,
  conversationId: update.conversationId,
  userId: update.userId,
});
const bytes = (payload: string) => Buffer.byteLength(payload, 'utf8');
const read = (payloads: string[]) => payloads.map((p) => JSON.parse(p) as Notice);
const text = (payloads: string[]) => read(payloads).map((n) => n.chunk);

it('sends a small chunk whole, tagged with the sender', () => {
  const update = chunk('Hello, wörld 👋');
  const payloads = encodeUpdate(FROM, update);
  expect(read(payloads)).toEqual([{ ...envelope(update), kind: 'CHUNK', chunk: 'Hello, wörld 👋' }]);
});

it('sends an empty chunk as one empty piece', () => {
  expect(text(encodeUpdate(FROM, chunk('')))).toEqual(['']);
});

it('sends a message by its id, without its text', () => {
  const message = { id: randomUUID(), message: 'x'.repeat(20_000) } as AgentMessage;
  const update = { conversationId: randomUUID(), userId: randomUUID(), kind: UpdateKind.MESSAGE, chunk: null, message };
  const payloads = encodeUpdate(FROM, update);
  expect(read(payloads)).toEqual([{ ...envelope(update), kind: 'MESSAGE', messageId: message.id }]);
});

it('cuts a chunk bigger than a payload into pieces under 8000 bytes that add up to it', () => {
  const big = 'é€😀a'.repeat(2_000); // 20 000 bytes
  const payloads = encodeUpdate(FROM, chunk(big));
  expect(payloads.length).toBe(3);
  for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
  // Full but for the last: a piece ends only where the next character would not fit.
  for (const payload of payloads.slice(0, -1)) expect(bytes(payload)).toBeGreaterThan(MAX_PAYLOAD_BYTES - 4);
  expect(text(payloads).join('')).toBe(big);
});

it('never cuts a surrogate pair, and counts characters as JSON escapes them', () => {
  // Astral characters (4 bytes, two UTF-16 units), escaped ones (" \ newline NUL: 2 to 6 bytes),
  // a lone surrogate (escaped as \udXXX, 6 bytes), multi-byte and ASCII letters.
  const mixed = '😀"\\\n\u0000\ud800é€a🎉'.repeat(300);
  for (const limit of [200, 201, 202, 203, 250, 1000]) {
    const payloads = encodeUpdate(FROM, chunk(mixed), limit);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(limit);
    const pieces = text(payloads) as string[];
    expect(pieces.join('')).toBe(mixed);
    for (const piece of pieces) {
      // A piece starting with a low surrogate, or ending with a high one, cut a pair.
      expect(/^[\udc00-\udfff]/.test(piece)).toBe(false);
      expect(/[\ud83c\ud83d]$/.test(piece)).toBe(false);
    }
  }
});

it('cuts a chunk of astral characters only between pairs', () => {
  const emoji = '😀'.repeat(5_000); // 20 000 bytes, 10 000 UTF-16 units
  const payloads = encodeUpdate(FROM, chunk(emoji));
  for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
  const pieces = text(payloads) as string[];
  expect(pieces.every((piece) => piece.length % 2 === 0 && /^(😀)+$/u.test(piece))).toBe(true);
  expect(pieces.join('')).toBe(emoji);
});
