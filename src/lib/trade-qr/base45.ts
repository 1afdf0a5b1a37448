// Base45 (RFC 9285): bytes as text in the QR alphanumeric alphabet, which a QR code stores at
// 5.5 bits a character, so the text costs about 3% over the bytes (base64 in byte mode costs
// 33%). See docs/trade-qr.md, Codes and parts.

export const BASE45_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

const VALUE = new Map<string, number>([...BASE45_ALPHABET].map((c, i) => [c, i]));

export function toBase45(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    let n = bytes[i]! * 256 + bytes[i + 1]!;
    const c = n % 45;
    n = (n - c) / 45;
    const d = n % 45;
    const e = (n - d) / 45;
    out += BASE45_ALPHABET[c]! + BASE45_ALPHABET[d]! + BASE45_ALPHABET[e]!;
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1]!;
    out += BASE45_ALPHABET[n % 45]! + BASE45_ALPHABET[Math.floor(n / 45)]!;
  }
  return out;
}

/** The bytes of base45 text; null when the text is not base45. */
export function fromBase45(text: string): Uint8Array | null {
  if (text.length % 3 === 1) return null;
  const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  let o = 0;
  for (let i = 0; i < text.length; i += 3) {
    const c = VALUE.get(text[i]!);
    const d = VALUE.get(text[i + 1]!);
    if (c === undefined || d === undefined) return null;
    if (i + 2 < text.length) {
      const e = VALUE.get(text[i + 2]!);
      if (e === undefined) return null;
      const n = c + d * 45 + e * 45 * 45;
      if (n > 0xffff) return null;
      out[o++] = n >> 8;
      out[o++] = n & 0xff;
    } else {
      const n = c + d * 45;
      if (n > 0xff) return null;
      out[o++] = n;
    }
  }
  return out;
}
