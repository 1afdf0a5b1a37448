import { isIP } from 'node:net';

/**
 * Which addresses the push dispatcher may connect to. Browsers' push services (FCM, Mozilla, Apple,
 * Windows) are public hosts, and anyone can store a subscription: without these checks the
 * dispatcher could be aimed at the server's own network (server-side request forgery). The name
 * check (isPrivateHost) runs on the endpoint as stored; the address check (isPublicAddress) runs
 * on every address the name resolves to, right before connecting (see push-endpoint.ts).
 */

type Range = readonly [base: number, prefix: number];

const v4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IPv4 blocks that are not public unicast (IANA special-purpose registry), plus cloud hosts. */
const V4_NOT_PUBLIC: readonly Range[] = [
  [v4(0, 0, 0, 0), 8], // "this network"
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // shared (carrier-grade NAT; Alibaba's metadata 100.100.100.200)
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local (AWS/GCP/Azure/DO metadata 169.254.169.254)
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  [v4(192, 0, 2, 0), 24], // documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay anycast
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // documentation
  [v4(203, 0, 113, 0), 24], // documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, broadcast
  [v4(168, 63, 129, 16), 32], // Azure's host agent (a public-looking address inside every VM)
];

function ipv4Number(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return null;
  }
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

function inRange4(n: number, [base, prefix]: Range): boolean {
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return (n & mask) >>> 0 === (base & mask) >>> 0;
}

const isPublic4 = (n: number) => !V4_NOT_PUBLIC.some((r) => inRange4(n, r));

/** An IPv6 address as its eight 16-bit groups; null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const n = ipv4Number(dotted[2]!);
    if (n === null) return null;
    tail.push(n >>> 16, n & 0xffff);
    s = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const left = words(halves[0]);
  const right = words(halves[1]);
  if (![...left, ...right].every((w) => /^[0-9a-f]{1,4}$/.test(w))) return null;
  const fill = 8 - tail.length - left.length - right.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  return [
    ...left.map((w) => parseInt(w, 16)),
    ...Array<number>(halves.length === 1 ? 0 : fill).fill(0),
    ...right.map((w) => parseInt(w, 16)),
    ...tail,
  ];
}

function isPublic6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = (hi: number, lo: number) => isPublic4(((hi << 16) | lo) >>> 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64): the IPv4 address decides
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return embedded(g6, g7);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return embedded(g6, g7);
  }
  // 2002:wwxx:yyzz::/48 (6to4) carries an IPv4 address too
  if (g0 === 0x2002) return embedded(g1, g2);
  // global unicast is 2000::/3; everything else (loopback, unspecified, IPv4-compatible, unique
  // local fc00::/7 with AWS's metadata fd00:ec2::254, link-local, site-local, multicast, discard,
  // local-use NAT64) is not public
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x200) return false; // IETF protocol assignments (Teredo, ORCHID)
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return false; // documentation (3fff::/20)
  return true;
}

/**
 * Whether `address` (an IPv4 or IPv6 address, as a resolver returns it) is public unicast: not
 * loopback, private, shared, link-local, unique local, multicast, reserved, documentation, a cloud
 * metadata address, or an IPv6 form embedding one of those. Anything that is not an address is
 * not public.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const kind = isIP(ip.split('%')[0] ?? '');
  if (kind === 4) {
    const n = ipv4Number(ip);
    return n !== null && isPublic4(n);
  }
  if (kind === 6) {
    const groups = ipv6Groups(ip);
    return groups !== null && isPublic6(groups);
  }
  return false;
}

/**
 * Whether a push endpoint's host (as `new URL(...).hostname` gives it) is on this machine or a
 * private network by its very spelling: a non-public address literal or a localhost name. A name
 * that only resolves to such an address is caught after resolution, by isPublicAddress.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host)) return !isPublicAddress(host);
  return false;
}
