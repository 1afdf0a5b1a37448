/**
 * 공지사항 of the demo (docs/data-model.md, notices): three notices, get-or-create by title, so
 * data seeded before notices existed gets them too and a second run adds nothing.
 */
import type PocketBase from 'pocketbase';
import { Q } from './requests.ts';

interface PlannedNotice {
  title: string;
  body: string;
  /** Days before today it was published. */
  daysAgo: number;
  pinned?: boolean;
}

export const DEMO_NOTICES: readonly PlannedNotice[] = [
  {
    title: '포카마켓 이용 수칙 안내',
    body: '안전한 교환을 위해 꼭 지켜주세요.\n\n- 선입금은 되도록 피하고, 사람이 많은 곳에서 직접 만나 교환해주세요.\n- 서비스 밖 메신저로 옮기자는 요청은 주의해주세요.\n- 사기나 욕설은 채팅의 신고 기능이나 제보하기로 알려주세요.\n\n자세한 내용은 이용약관과 이용 가이드에서 볼 수 있어요.',
    daysAgo: 20,
    pinned: true,
  },
  {
    title: '행사장 QR 교환 기능이 생겼어요',
    body: '‘내 교환 QR’을 보여주고 상대가 찍으면 서로 필요한 카드를 바로 확인할 수 있어요. 인터넷이 없어도 되고, 만난 팬은 ‘만난 팬’에 남아 나중에 교환을 제안할 수 있어요.',
    daysAgo: 6,
  },
  {
    title: '연말 생일카페 정보를 제보해주세요',
    body: '12월에 열리는 생일카페와 팬 이벤트를 모으고 있어요. ‘프로필 > 제보하기 > 밋업 제보하기’로 보내주시면 확인한 뒤 지도에 올릴게요.',
    daysAgo: 1,
  },
];

function stamp(daysAgo: number, now: number): string {
  return new Date(now - daysAgo * 86_400_000).toISOString().replace('T', ' ');
}

/** Creates the demo notices that are missing; returns how many it created. */
export async function seedNotices(pb: PocketBase, now = Date.now()): Promise<number> {
  const have = new Set(
    (await pb.collection('notices').getFullList({ fields: 'title', ...Q })).map((r) =>
      String(r['title']),
    ),
  );
  let created = 0;
  for (const n of DEMO_NOTICES) {
    if (have.has(n.title)) continue;
    await pb
      .collection('notices')
      .create(
        { title: n.title, body: n.body, published: stamp(n.daysAgo, now), pinned: !!n.pinned },
        Q,
      );
    created++;
  }
  return created;
}
