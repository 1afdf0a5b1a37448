/**
 * Korean text of the alerts domain: what marking an alert read is called in the list of changes
 * waiting to sync, and what the fan is told when the server refuses it for good.
 */
export const alertsKo = {
  kinds: {
    notificationRead: '알림 읽음',
  },
  failures: {
    notificationRead: '알림을 읽음으로 표시하지 못했습니다.',
  },
};
