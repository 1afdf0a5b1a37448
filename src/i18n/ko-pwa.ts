// Strings of the '앱 설치' entry in /profileSetting (install button, iOS hint, installed state);
// merged into `ko` by ko-features.ts. The update toast's strings are in ko.ts (app shell).
export const koPwa = {
  install: {
    groupTitle: '앱 설치',
    label: '포카마켓 앱',
    statusReady: '설치 가능',
    statusInstalled: '설치됨',
    promptBody: '홈 화면에서 바로 열고, 연결이 없을 때도 포카마켓을 쓸 수 있어요.',
    button: '앱 설치하기',
    dismissed: '설치를 취소했어요. 브라우저가 다시 권하면 여기서 설치할 수 있어요.',
    standaloneBody: '지금 설치된 포카마켓 앱으로 보고 있어요.',
    installedBody: '설치되었어요! 홈 화면이나 앱 목록에서 포카마켓을 열어보세요.',
    iosTitle: '홈 화면에 추가하는 방법',
    iosSteps: [
      // {share} marks where the share button's picture goes
      '화면 아래쪽(iPad는 위쪽)의 공유 버튼{share}을 누르세요.',
      "메뉴에서 '홈 화면에 추가'를 누르세요.",
      "오른쪽 위의 '추가'를 누르면 홈 화면에 포카마켓이 생겨요.",
    ],
    manualBody:
      "브라우저 메뉴에서 '앱 설치' 또는 '홈 화면에 추가'를 고르면 포카마켓을 앱처럼 쓸 수 있어요.",
  },
} as const;
