// Strings of the trade QR codes (docs/trade-qr.md): 내 교환 QR (/tradeQr), QR 스캔
// (/tradeQr/scan) and what the codec says when it refuses a code.

export const koTradeQr = {
  errors: {
    notOurs: '포카마켓 교환 QR 코드가 아니에요.',
    garbled: 'QR 코드를 읽지 못했어요. 코드가 잘 보이게 다시 비춰 주세요.',
    otherPayload: '다른 교환 QR 코드의 조각이에요. 같은 팬의 코드를 이어서 스캔해 주세요.',
    newerFormat: '더 새로운 포카마켓에서 만든 코드예요. 앱을 업데이트한 뒤 다시 스캔해 주세요.',
    tooLarge: '교환 목록이 너무 커서 QR 코드로 만들 수 없어요.',
  },
};
