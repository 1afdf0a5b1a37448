// Strings of the push opt-in's iPhone guide (/settings/notifications, docs/push.md, iPhone and
// iPad). Imported only by the settings screen's chunk, so none of this reaches the entry bundle.
export const koPushGuide = {
  title: 'iPhone에서 알림을 받으려면',
  body: 'iPhone·iPad에서는 홈 화면에 추가한 포카마켓에서만 푸시 알림을 받을 수 있어요.',
  stepsLabel: '홈 화면에 추가하는 방법',
  steps: [
    // {share} marks where the share button's picture goes
    'Safari 아래쪽(iPad는 위쪽)의 공유 버튼{share}을 누르세요.',
    "메뉴에서 '홈 화면에 추가'를 누르세요.",
    '홈 화면의 포카마켓을 열고 알림 설정에서 알림을 켜세요.',
  ],
  shareIcon: '공유 버튼: 네모 위로 화살표가 나온 모양',
  note: '받은 알림은 지금도 알림함에서 볼 수 있어요.',
  oldIosBody:
    'iPhone·iPad의 홈 화면 앱은 iOS 16.4부터 푸시 알림을 받을 수 있어요. 받은 알림은 알림함에서 볼 수 있어요.',
} as const;
