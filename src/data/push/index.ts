/** Web Push: this device's opt-in (settings screen) and the pushed alerts (service worker). */
export { PUSH_TOPICS, parsePushPayload, safeAppPath } from './payload.ts';
export type { PushPayload, PushTopic } from './payload.ts';
export { storePushedNotification } from './inbox.ts';
export {
  ensureNotificationPermission,
  fetchPublicKey,
  isPushSupported,
  PushSetupError,
  readPushState,
  savePushTopics,
  stopPushOnThisDevice,
} from './subscription.ts';
export type { PushFailure, PushState } from './subscription.ts';
