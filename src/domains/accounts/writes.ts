/** The signed-in user's favourite group and profile fields. */
import { ko } from '@/i18n/ko.ts';
import { isReservedName, MSG_RESERVED_NAME, MSG_RESERVED_USERNAME } from '@/lib/reserved-names.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { biasSet, profileUpdate } from './kinds.ts';
import { InvalidInputError, queueMutation } from '@/data/writes/queue.ts';
import { accountsKo } from './ko.ts';

/** Sets the favourite group (최애 그룹). */
export async function setBias(groupId: string, db: AppDB = defaultDb): Promise<void> {
  await queueMutation(
    biasSet,
    async ({ db, userId }) => {
      if (!(await db.groups.get(groupId))) throw new InvalidInputError(accountsKo.failures.bias);
      return { id: userId, biasGroup: groupId };
    },
    db,
  );
}

/**
 * The first-login 최애 step was skipped: remembered on the account, so no device asks again
 * (docs/accounts.md, First login). Choosing a group (setBias) answers it too.
 */
export async function skipBiasStep(db: AppDB = defaultDb): Promise<void> {
  await queueMutation(
    profileUpdate,
    async ({ userId }) => ({ id: userId, biasStepDone: true }),
    db,
  );
}

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const USERNAME = /^[0-9A-Za-z가-힣_.]{2,20}$/;

/** Updates name, nickname and/or avatar of the signed-in user. */
export async function updateProfile(
  change: { name?: string; username?: string; avatar?: Blob },
  db: AppDB = defaultDb,
): Promise<void> {
  const name = change.name?.trim();
  if (name !== undefined && (!name || Array.from(name).length > 40)) {
    throw new InvalidInputError(ko.validation.nameRequired);
  }
  const username = change.username?.trim();
  if (username !== undefined && !USERNAME.test(username)) {
    throw new InvalidInputError(ko.sync.usernameInvalid);
  }
  const avatar = change.avatar;
  if (
    avatar &&
    (!/^image\/(png|jpeg|webp|gif)$/.test(avatar.type) || avatar.size > AVATAR_MAX_BYTES)
  ) {
    throw new InvalidInputError(ko.sync.imageInvalid);
  }
  await queueMutation(
    profileUpdate,
    async ({ db, userId }) => {
      // 관리자, admin, 포카마켓... are the operators' (the server refuses them too); a value the
      // account already has may stay
      const own = await db.users.get(userId);
      if (name !== undefined && name !== own?.name && isReservedName(name)) {
        throw new InvalidInputError(MSG_RESERVED_NAME);
      }
      if (username !== undefined && username !== own?.username && isReservedName(username)) {
        throw new InvalidInputError(MSG_RESERVED_USERNAME);
      }
      return {
        id: userId,
        ...(name !== undefined ? { name } : {}),
        ...(username !== undefined ? { username } : {}),
        ...(avatar ? { avatar } : {}),
      };
    },
    db,
  );
}
