/**
 * Where one push request may go, and how it gets there (for server/push-dispatcher.ts).
 *
 * A subscription's endpoint is any https URL a signed-in user stored, so before each push the
 * endpoint's host is resolved (all its addresses) and refused when any address is not public
 * (isPublicAddress: loopback, private, shared, link-local, unique local, cloud metadata...). The
 * request then goes through a PinnedAgent: its `lookup` hands the socket exactly the addresses
 * that were checked — no second DNS query that could answer differently (DNS rebinding) — while
 * TLS SNI, certificate checks and the Host header keep using the name.
 *
 * web-push reads the endpoint with the legacy url.parse and the dispatcher with WHATWG URL; an
 * endpoint the two read differently is refused, and the agent only connects to the checked name.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { parse as legacyParse } from 'node:url';
import { isPrivateHost, isPublicAddress } from './private-host.ts';

/** Every address of a host name, as dns.promises.lookup(name, { all: true }) answers. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveHost: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** A host that passed the checks, and the addresses to connect to. */
export interface PushTarget {
  host: string;
  addresses: LookupAddress[];
}

export type EndpointCheck = { ok: true; target: PushTarget } | { ok: false; reason: string };

/** A push service's answer is a status line and a few headers; more than this is not one. */
export const MAX_ANSWER_BYTES = 64 * 1024;

const bare = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

/** The endpoint's host, or null when it has none or the URL parsers disagree about it. */
export function endpointHost(endpoint: string): string | null {
  let host: string;
  try {
    host = bare(new URL(endpoint).hostname);
  } catch {
    return null;
  }
  const legacy = bare(legacyParse(endpoint).hostname ?? '');
  return host && host === legacy ? host : null;
}

/**
 * Resolves the endpoint's host and checks every address. A lookup failure (no such name, DNS
 * down) throws: the caller retries later. `allowPrivate` skips the address checks (tests' local
 * push service) but still pins the connection to the resolved addresses.
 */
export async function checkEndpoint(
  endpoint: string,
  resolve: ResolveHost,
  allowPrivate: boolean,
): Promise<EndpointCheck> {
  const host = endpointHost(endpoint);
  if (!host) return { ok: false, reason: 'its endpoint URL is ambiguous' };
  if (!allowPrivate && isPrivateHost(host)) {
    return { ok: false, reason: 'its endpoint is not a public host' };
  }
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  if (!addresses.length) throw new Error(`no address for ${host}`);
  const refused = addresses.filter((a) => !isPublicAddress(a.address));
  if (!allowPrivate && refused.length) {
    const list = refused.map((a) => a.address).join(', ');
    return {
      ok: false,
      reason: `its endpoint host ${host} resolves to a non-public address (${list})`,
    };
  }
  return { ok: true, target: { host, addresses } };
}

/**
 * An https.Agent for one push request that connects only to `target`'s checked addresses (and
 * only for its host name), and drops a connection whose answer grows past MAX_ANSWER_BYTES.
 * `base` carries TLS options such as a test CA; `onConnect` sees where each connection goes, just
 * before the socket connects, and may refuse it by throwing (an egress policy; tests that must
 * not reach the internet).
 */
export class PinnedAgent extends Agent {
  constructor(
    readonly target: PushTarget,
    base: AgentOptions = {},
    onConnect?: (host: string, addresses: LookupAddress[]) => void,
  ) {
    const lookup: LookupFunction = (hostname, options, callback) => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const addresses = target.addresses.filter((a) => !wanted || a.family === wanted);
      if (bare(hostname) !== target.host || !addresses.length) {
        const err: NodeJS.ErrnoException = new Error(`${hostname} was not checked`);
        err.code = 'ENOTFOUND';
        callback(err, '', 0);
        return;
      }
      try {
        onConnect?.(hostname, addresses);
      } catch (err) {
        callback(err as NodeJS.ErrnoException, '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    super({ ...base, keepAlive: false, lookup });
  }

  override createConnection(
    options: RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    // an address literal would skip `lookup`: only the checked name may be connected to
    const host = bare(String(options.host ?? options.hostname ?? ''));
    if (host !== this.target.host && !this.target.addresses.some((a) => a.address === host)) {
      callback?.(new Error(`refusing to connect to ${host}: not the checked host`), null!);
      return undefined;
    }
    const socket = super.createConnection(options, callback);
    if (socket) {
      let read = 0;
      socket.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) socket.destroy(new Error('push service answer too large'));
      });
    }
    return socket;
  }
}

/** Rejects with `reason` once `signal` aborts (never settles otherwise). */
export function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new Error(String(signal.reason ?? 'aborted')));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}
