/**
 * The demo accounts: fan1 (bias RIIZE, with an avatar), fan2 and an admin, all with one password.
 * `key` is the seed plan's name for each; the public nicknames are friendly ones, never the
 * email's local part (docs/accounts.md, Nicknames). They are found by email, which doesn't change.
 */
import type { GroupDef } from './groups.ts';
import { drawAvatar } from './images.ts';
import type { Fan } from './plan.ts';
import type { SeedWriter } from './writer.ts';

export const DEMO_PASSWORD = 'photocard1234';

export const DEMO_ACCOUNTS = [
  { key: 'fan1', username: '별빛포카', email: 'fan1@example.com', name: '김팬일', role: 'user' },
  { key: 'fan2', username: '달빛수집가', email: 'fan2@example.com', name: '이팬이', role: 'user' },
  { key: 'admin', username: 'admin', email: 'admin@example.com', name: '관리자', role: 'admin' },
] as const;

type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** Key (fan1, fan2, admin) → id of the demo accounts there already are, found by email. */
async function existingAccounts(w: SeedWriter): Promise<Map<string, string>> {
  const { pb } = w;
  const filter = DEMO_ACCOUNTS.map((a) => pb.filter('email = {:e}', { e: a.email })).join(' || ');
  const userIds = new Map<string, string>();
  for (const u of await w.all('users', { filter, fields: 'id,email' })) {
    const a = DEMO_ACCOUNTS.find((d) => d.email === u.email);
    if (a) userIds.set(a.key, u.id);
  }
  return userIds;
}

function accountRecord(w: SeedWriter, a: DemoAccount, bias: GroupDef, biasId: string) {
  const extra =
    a.key === 'fan1'
      ? { biasGroup: biasId, avatar: w.file(drawAvatar('fan1', bias.palette), 'avatar.png') }
      : {};
  return {
    email: a.email,
    password: DEMO_PASSWORD,
    passwordConfirm: DEMO_PASSWORD,
    username: a.username,
    name: a.name,
    role: a.role,
    verified: true,
    emailVisibility: false,
    ...extra,
  };
}

/**
 * Creates the demo accounts that are missing; fan1's bias group is `bias` (id `biasId`). Returns
 * a fan's id.
 */
export async function seedAccounts(
  w: SeedWriter,
  bias: GroupDef,
  biasId: string,
): Promise<(f: Fan) => string> {
  const userIds = await existingAccounts(w);
  // fan1 is half of the marker, so it comes last: a run that stops before it is simply redone.
  // (One that stops after it, in the activity below, is not: delete fan1 and run again.)
  const accountOrder = [...DEMO_ACCOUNTS.filter((a) => a.key !== 'fan1'), DEMO_ACCOUNTS[0]];
  for (const a of accountOrder) {
    if (userIds.has(a.key)) continue;
    const rec = await w.create('users', accountRecord(w, a, bias, biasId));
    userIds.set(a.key, rec.id);
  }
  return (f: Fan) => userIds.get(f)!;
}
