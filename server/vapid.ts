/**
 * VAPID keys: the server's identity towards browser push services. Made once on first start and
 * kept in `.vapid/keys.json` at the project root (ignored by git, mode 0600; VAPID_DIR moves it),
 * because every browser subscription is bound to the public key: a new pair would silently
 * orphan all of them. VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY in the environment take precedence
 * (production secrets); VAPID_SUBJECT is the contact push services see (default
 * mailto:admin@example.com).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import webpush from 'web-push';
import { ROOT } from './pocketbase.ts';

export interface VapidConfig {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const DEFAULT_SUBJECT = 'mailto:admin@example.com';

const KeysFile = v.object({
  publicKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}$/)),
  privateKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{40,50}$/)),
});

export function vapidDir(): string {
  return resolve(process.env.VAPID_DIR ?? join(ROOT, '.vapid'));
}

function subject(): string {
  return process.env.VAPID_SUBJECT?.trim() || DEFAULT_SUBJECT;
}

/**
 * The key pair from the environment, else from `dir`/keys.json, else a new pair written there.
 * A keys.json that does not parse is an error, not a reason to make new keys (see above).
 */
export function loadVapidKeys(dir = vapidDir()): VapidConfig {
  const envPublic = process.env.VAPID_PUBLIC_KEY?.trim();
  const envPrivate = process.env.VAPID_PRIVATE_KEY?.trim();
  if (envPublic && envPrivate) {
    return { subject: subject(), publicKey: envPublic, privateKey: envPrivate };
  }
  const file = join(dir, 'keys.json');
  if (existsSync(file)) {
    const parsed = v.safeParse(KeysFile, JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) {
      throw new Error(
        `${file} is not a VAPID key pair; fix or delete it (subscribers re-subscribe)`,
      );
    }
    return { subject: subject(), ...parsed.output };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  console.log(`[push] created VAPID keys in ${file}`);
  return { subject: subject(), publicKey: keys.publicKey, privateKey: keys.privateKey };
}
