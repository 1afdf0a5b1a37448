import { isIP } from 'node:net';

/**
 * Whether a push endpoint's host is on this machine or a private network: loopback, private,
 * shared, link-local, multicast or unspecified addresses, and localhost names. Browsers' push
 * services are public hosts, and anyone can store a subscription: without this, the dispatcher
 * could be aimed at the server's own network (server-side request forgery).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = (ip: string) => {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  };
  if (isIP(host) === 4) return v4(host);
  if (isIP(host) === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return v4(mapped[1]!);
    if (host.startsWith('::ffff:')) return true; // a mapped v4 address in hex form
    return (
      host === '::' ||
      host === '::1' ||
      /^f[cd]/.test(host) || // unique local
      /^fe[89ab]/.test(host) || // link-local
      host.startsWith('ff') // multicast
    );
  }
  return false;
}
