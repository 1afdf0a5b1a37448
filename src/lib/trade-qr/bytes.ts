// Byte writing and reading for the trade QR payload (docs/trade-qr.md, Payload format):
// unsigned LEB128 varints, length-prefixed UTF-8 and 32-bit words.

export class ByteWriter {
  private bytes: number[] = [];

  byte(n: number): void {
    this.bytes.push(n & 0xff);
  }

  varint(n: number): void {
    let v = n;
    while (v >= 0x80) {
      this.bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
  }

  u32(n: number): void {
    this.bytes.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  }

  raw(b: ArrayLike<number>): void {
    for (let i = 0; i < b.length; i++) this.bytes.push(b[i]!);
  }

  text(s: string): void {
    const b = new TextEncoder().encode(s);
    this.varint(b.length);
    this.raw(b);
  }

  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** Thrown by ByteReader on reading past the end or a malformed value. */
export class TruncatedError extends Error {}

export class ByteReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get left(): number {
    return this.bytes.length - this.at;
  }

  byte(): number {
    if (this.at >= this.bytes.length) throw new TruncatedError();
    return this.bytes[this.at++]!;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 128;
    }
    throw new TruncatedError();
  }

  u32(): number {
    return ((this.byte() << 24) | (this.byte() << 16) | (this.byte() << 8) | this.byte()) >>> 0;
  }

  raw(n: number): Uint8Array {
    if (n > this.left) throw new TruncatedError();
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  text(): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.raw(this.varint()));
  }
}

/** FNV-1a, 32 bits: a short fingerprint, not a security check. */
export function fnv1a(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
