// From payload bytes to the texts of one or more QR codes and back (docs/trade-qr.md, Codes and
// parts): deflate-raw when it is smaller, base45 text (QR alphanumeric mode), split into parts
// that each say which payload they belong to and "i of n", so parts scanned in any order
// reassemble and a part of another payload is refused.

import { fromBase45, toBase45 } from './base45';
import { fnv1a } from './bytes';
import { TradeQrError } from './errors';

/** Every part starts with this: the scheme and the part format's version. */
export const PART_PREFIX = 'PQ1';
/** PQ1 + payload id (7) + index (2) + count (2) + check (4). */
const HEADER = PART_PREFIX.length + 7 + 2 + 2 + 4;
/**
 * Base45 characters a part carries: with the 18-character header, 528 characters, a version-15
 * code at error correction M (77×77 modules), which a phone camera reads off another phone's
 * screen at arm's length.
 */
export const PART_CHARS = 510;
const MAX_PARTS = 36 * 36 - 1;

// The first byte of the joined bytes says whether the rest is deflated.
const RAW = 0x00;
const DEFLATED = 0x01;

/**
 * The most bytes a payload may inflate to: far above a real one (2,000 cards as bitsets of the
 * largest groups is tens of KB), far below what deflate can pack into the parts (over 1,000:1).
 */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * Bytes through a (de)compression stream, with streams alone (no Blob or Response needed); more
 * than `limit` bytes out is refused as a garbled code (the stream is cancelled, not drained).
 */
async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit = Infinity,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  void writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > limit) {
      void reader.cancel().catch(() => {});
      throw new TradeQrError('garbled');
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const b36 = (n: number, width: number) => n.toString(36).toUpperCase().padStart(width, '0');

function check(text: string): string {
  return b36(fnv1a(text) % 36 ** 4, 4);
}

/** The part texts of a payload. */
export async function splitPayload(payload: Uint8Array, partChars = PART_CHARS): Promise<string[]> {
  const deflated = await pipe(payload, new CompressionStream('deflate-raw'));
  const body =
    deflated.length < payload.length
      ? Uint8Array.from([DEFLATED, ...deflated])
      : Uint8Array.from([RAW, ...payload]);
  const text = toBase45(body);
  // Parts split on 3-character boundaries, so each part is whole base45.
  const per = Math.max(3, partChars - (partChars % 3));
  const count = Math.max(1, Math.ceil(text.length / per));
  if (count > MAX_PARTS) throw new TradeQrError('tooLarge');
  const id = b36(fnv1a(body), 7);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const head = `${PART_PREFIX}${id}${b36(i + 1, 2)}${b36(count, 2)}`;
    const data = text.slice(i * per, (i + 1) * per);
    parts.push(`${head}${check(head + data)}${data}`);
  }
  return parts;
}

export interface Part {
  payloadId: string;
  /** 1-based. */
  index: number;
  count: number;
  data: string;
}

/** Reads one scanned text; throws TradeQrError when it is not a part of a trade QR code. */
export function readPart(text: string): Part {
  if (!text.startsWith(PART_PREFIX)) throw new TradeQrError('notOurs');
  if (text.length < HEADER) throw new TradeQrError('garbled');
  const head = text.slice(0, HEADER - 4);
  const data = text.slice(HEADER);
  if (text.slice(HEADER - 4, HEADER) !== check(head + data)) throw new TradeQrError('garbled');
  const index = parseInt(text.slice(10, 12), 36);
  const count = parseInt(text.slice(12, 14), 36);
  if (!(index >= 1 && index <= count)) throw new TradeQrError('garbled');
  return { payloadId: text.slice(3, 10), index, count, data };
}

/**
 * Collects parts in any order. `add` answers how many of how many it holds; a part of another
 * payload than the first one added is refused (TradeQrError 'otherPayload') and changes nothing.
 */
export class PartCollector {
  private parts = new Map<number, string>();
  private payloadId: string | null = null;
  private count = 0;

  add(text: string): { have: number; count: number; added: boolean } {
    const part = readPart(text);
    if (this.payloadId !== null && part.payloadId !== this.payloadId) {
      throw new TradeQrError('otherPayload');
    }
    if (this.payloadId !== null && part.count !== this.count) throw new TradeQrError('garbled');
    this.payloadId = part.payloadId;
    this.count = part.count;
    const added = !this.parts.has(part.index);
    this.parts.set(part.index, part.data);
    return { have: this.parts.size, count: this.count, added };
  }

  get progress(): { have: number; count: number } {
    return { have: this.parts.size, count: this.count };
  }

  /** Which parts (1-based) are still missing. */
  missing(): number[] {
    const out: number[] = [];
    for (let i = 1; i <= this.count; i++) if (!this.parts.has(i)) out.push(i);
    return out;
  }

  get complete(): boolean {
    return this.count > 0 && this.parts.size === this.count;
  }

  /** The payload's bytes once every part is here. */
  async payload(): Promise<Uint8Array> {
    if (!this.complete) throw new TradeQrError('garbled');
    let text = '';
    for (let i = 1; i <= this.count; i++) text += this.parts.get(i)!;
    const body = fromBase45(text);
    if (!body || body.length === 0 || b36(fnv1a(body), 7) !== this.payloadId) {
      throw new TradeQrError('garbled');
    }
    if (body[0] === RAW) return body.subarray(1);
    if (body[0] !== DEFLATED) throw new TradeQrError('garbled');
    try {
      return await pipe(
        body.subarray(1),
        new DecompressionStream('deflate-raw'),
        MAX_PAYLOAD_BYTES,
      );
    } catch {
      throw new TradeQrError('garbled');
    }
  }
}
