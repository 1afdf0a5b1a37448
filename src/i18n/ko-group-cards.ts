// Strings of a group's cards on the device (docs/sync.md, Pull by scope; Groups saved for
// offline): the progress while a followed group's cards come in, and 그룹 오프라인 저장 on the
// group's card grid. Merged into `ko` by ko-features.ts.

import { count } from './count';

export const koGroupCards = {
  groupCards: {
    progressLabel: (group: string) => `${group} 카드 불러오기 진행률`,
    /** Beside the bar: '카드 불러오는 중 123/400'. */
    loading: (have: number, total: number) => `카드 불러오는 중 ${count(have)}/${count(total)}`,
    valueText: (have: number, total: number) => `${count(total)}장 중 ${count(have)}장`,
    offline: (have: number, total: number) =>
      `오프라인이에요. 카드 ${count(total)}장 중 ${count(have)}장이 기기에 있어요. 연결되면 나머지를 불러와요.`,
    complete: (total: number) => `카드 ${count(total)}장이 모두 기기에 있어요`,
  },
  groupOffline: {
    region: (group: string) => `${group} 오프라인 저장`,
    title: '그룹 오프라인 저장',
    hint: '이 그룹의 모든 카드와 교환 글을 기기에 두고 네트워크 없이 봐요',
    size: (n: number) => `카드 ${count(n)}장`,
    save: '오프라인 저장',
    saveLabel: (group: string, n: number) => `${group} 카드 ${count(n)}장 오프라인 저장`,
    saved: '오프라인 저장됨',
    /** Saved, while its cards are still coming in. */
    saving: '오프라인 저장 중',
    savedNote: (n: number) => `카드 ${count(n)}장과 교환 글을 네트워크 없이 볼 수 있어요`,
    unsave: '저장 해제',
    unsaveLabel: (group: string) => `${group} 오프라인 저장 해제`,
    unsaved: (group: string) => `${group} 오프라인 저장을 해제했어요`,
    followed: '최애·콜렉트북·교환 목록의 그룹이라 이미 기기에 있어요',
    queuedOffline: '연결되면 카드를 불러와요',
    limit: (max: number) =>
      `기기에 둘 수 있는 그룹은 ${max}개까지예요. 저장한 그룹이나 콜렉트북을 정리한 뒤 다시 시도해 주세요.`,
    failed: '오프라인 저장에 실패했어요. 다시 시도해 주세요.',
  },
} as const;
