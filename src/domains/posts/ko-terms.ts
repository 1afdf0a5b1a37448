/**
 * Korean text of a post's terms (docs/product-rules.md, Exchange posts): the names of the types,
 * shipping methods and 반값택배 chains, and the rule messages in the server's words
 * (pb_hooks/lib/post-terms.js). A module of its own, so the shell's strings (src/i18n/ko.ts) and
 * the outbox's labels (./ko.ts) carry none of it.
 */
import type { CvsChain, PostType, ShippingMethod } from './terms.ts';

export const postTermsKo = {
  types: { exchange: '교환', sell: '양도', want: '구함' } satisfies Record<PostType, string>,
  shipping: {
    semi: '준등기',
    half: '반값택배',
    parcel: '일반택배',
    meet: '직거래',
  } satisfies Record<ShippingMethod, string>,
  cvs: { gs25: 'GS25', cu: 'CU', seven: '세븐일레븐' } satisfies Record<CvsChain, string>,
  /** '15,000원'. */
  won: (n: number) => `${n.toLocaleString('ko-KR')}원`,
  rules: {
    priceRequired: '양도 글에는 100원 이상의 가격을 적어주세요.',
    priceTooHigh: '가격은 10,000,000원까지 적을 수 있어요.',
    priceNotInt: '가격은 원 단위의 숫자로 적어주세요.',
    priceNotSell: '가격은 양도 글에만 적을 수 있어요.',
    shippingRequired: '거래 방법을 하나 이상 골라주세요.',
    shippingUnknown: '거래 방법은 준등기, 반값택배, 일반택배, 직거래 중에서 골라주세요.',
    type: '글 종류는 교환, 양도, 구함 중에서 골라주세요.',
    cvsRequired: '반값택배를 보낼 편의점을 골라주세요.',
    cvsUnknown: '편의점은 GS25, CU, 세븐일레븐 중에서 골라주세요.',
    cvsNotHalf: '편의점은 반값택배를 고를 때만 고를 수 있어요.',
    placeRequired: '직거래 장소를 적어주세요.',
    placeTooLong: '직거래 장소는 40자까지 적을 수 있어요.',
    placeNotMeet: '직거래 장소는 직거래를 고를 때만 적을 수 있어요.',
    placeProfanity: '비속어가 포함된 글은 작성할 수 없습니다.',
    photosTooMany: '사진은 3장까지 올릴 수 있어요.',
    photoInvalid: 'JPG, PNG, WEBP 형식의 5MB 이하 사진만 올릴 수 있어요.',
  },
};
