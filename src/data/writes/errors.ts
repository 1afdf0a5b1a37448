/**
 * The errors the write API throws, in a module of their own (no Dexie, no SDK), so a screen can
 * recognise them without loading the data layer before it writes (see lazy.ts).
 */

/** The change needs a signed-in user ('로그인이 필요한 서비스입니다.'). */
export class LoginRequiredError extends Error {
  constructor() {
    super('login required');
    this.name = 'LoginRequiredError';
  }
}

/** The input breaks a rule; `message` is the Korean text to show. Nothing was queued. */
export class InvalidInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

/** The change could not be stored: the device is out of space. Nothing was queued. */
export class StorageFullError extends Error {
  constructor() {
    super('storage full');
    this.name = 'StorageFullError';
  }
}
