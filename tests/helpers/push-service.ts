/**
 * A local Web Push service for tests/integration/push.test.ts: an HTTPS endpoint (self-signed
 * certificate, trusted only through an https.Agent handed to the dispatcher) that records each
 * delivery, plus the checks a browser's push service and the browser itself make: the VAPID JWT
 * and the aes128gcm payload decrypted with the subscription's keys.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, verify as verifySignature, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { VapidConfig } from '../../server/vapid.ts';
import { freePort } from './pocketbase.ts';
// http_ece (web-push's encryption library) has no type declarations
export const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
};

// ---------------------------------------------------------------- local push service

export interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  agent: Agent;
  deliveries: Delivery[];
  /** Status answered per endpoint path (201 otherwise). */
  status: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushService(dir: string): Promise<PushService> {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  const deliveries: Delivery[] = [];
  const status = new Map<string, number>();
  const server: Server = createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(status.get(path) ?? 201).end();
      });
    },
  );
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${port}`,
    // trusts exactly this certificate; no global TLS override
    agent: new Agent({ ca: readFileSync(cert) }),
    deliveries,
    status,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------- VAPID and payload checks

export const b64url = (b: Buffer) => b.toString('base64url');

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service does; returns the claims. */
export function verifyVapid(
  header: string | string[] | undefined,
  vapid: VapidConfig,
  audience: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(header));
  expect(m, `Authorization header: ${String(header)}`).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(vapid.publicKey);
  const [h, p, s] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const raw = Buffer.from(k!, 'base64url');
  expect(raw.length).toBe(65);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = verifySignature(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  expect(ok, 'VAPID JWT signature').toBe(true);
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(claims.aud).toBe(audience);
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
  expect(claims.sub).toBe(vapid.subject);
  return claims;
}

export interface TestSubscription {
  id: string;
  path: string;
  endpoint: string;
  ecdh: ECDH;
  auth: string;
}

export function decryptPayload(d: Delivery, sub: TestSubscription): Record<string, unknown> {
  expect(d.headers['content-encoding']).toBe('aes128gcm');
  const plain = ece.decrypt(d.body, {
    version: 'aes128gcm',
    privateKey: sub.ecdh,
    authSecret: sub.auth,
  });
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
}
