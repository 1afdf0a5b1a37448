/**
 * Addresses of the meetup report (docs/product-rules.md, Reports): the Daum postcode panel answers
 * with both the road address and the lot-number (jibun) address; the fan's choice in the panel
 * decides which one is kept, and an optional detail (floor, room) is joined to it with one space.
 */

/** The fields of the Daum postcode `oncomplete` data this app reads. */
export interface DaumPostcodeData {
  /** 'R' (road) or 'J' (lot number): what the fan clicked in the panel. */
  userSelectedType?: string;
  roadAddress?: string;
  jibunAddress?: string;
  /** Road address when the search was by road, else lot number. */
  address?: string;
  /** Filled when a lot-number address has no jibunAddress of its own (some old buildings). */
  autoRoadAddress?: string;
  autoJibunAddress?: string;
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * The address the fan picked: the road address when they chose it ('R'), else the lot-number
 * address; each falls back to the other forms the panel fills when its own is empty.
 */
export function pickAddress(data: DaumPostcodeData): string {
  const road = [data.roadAddress, data.autoRoadAddress];
  const jibun = [data.jibunAddress, data.autoJibunAddress];
  const order = data.userSelectedType === 'R' ? [...road, ...jibun] : [...jibun, ...road];
  for (const candidate of [...order, data.address]) {
    const value = clean(candidate);
    if (value) return value;
  }
  return '';
}

/** The stored cafeAddress: base and detail joined by one space, blanks collapsed, trimmed. */
export function joinAddress(base: string, detail = ''): string {
  return [clean(base), clean(detail)].filter(Boolean).join(' ');
}
