import { describe, expect, it } from 'vitest';
import { parseLastPosition } from '@/features/meetups/near/last-position';

// docs/product-rules.md, Meetup map (내 주변): the position kept on the device for offline use.
describe('parseLastPosition', () => {
  it('reads a kept record as a kept (last) position', () => {
    const raw = JSON.stringify({ lat: 37.5445, lng: 127.056, accuracy: 25, at: 1_700_000_000_000 });
    expect(parseLastPosition(raw)).toEqual({
      lat: 37.5445,
      lng: 127.056,
      accuracy: 25,
      at: 1_700_000_000_000,
      last: true,
    });
  });

  it('takes a record without a usable accuracy as an exact point', () => {
    const at = 1_700_000_000_000;
    expect(parseLastPosition(JSON.stringify({ lat: 1, lng: 2, at }))?.accuracy).toBe(0);
    expect(parseLastPosition(JSON.stringify({ lat: 1, lng: 2, accuracy: -5, at }))?.accuracy).toBe(
      0,
    );
  });

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['broken JSON', '{"lat":'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['no time', JSON.stringify({ lat: 1, lng: 2, accuracy: 3 })],
    ['a time that is not one', JSON.stringify({ lat: 1, lng: 2, at: 'soon' })],
    ['a latitude off the globe', JSON.stringify({ lat: 95, lng: 2, at: 1 })],
    ['coordinates as text', JSON.stringify({ lat: '37.5', lng: '127', at: 1 })],
  ])('reads %s as no position', (_name, raw) => {
    expect(parseLastPosition(raw)).toBeNull();
  });
});
