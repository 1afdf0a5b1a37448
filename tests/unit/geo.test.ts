import { describe, expect, it } from 'vitest';
import { distanceMeters, EARTH_RADIUS_M, isLatLng, sortByDistance } from '@/lib/geo';
import { formatDistance } from '@/lib/geo-format';

// One degree along a meridian (or the equator) on the haversine's sphere.
const DEGREE = (2 * Math.PI * EARTH_RADIUS_M) / 360;

describe('distanceMeters (haversine)', () => {
  it('is zero at the same point and the same both ways', () => {
    const a = { lat: 37.556944, lng: 126.923917 };
    const b = { lat: 37.544581, lng: 127.055961 };
    expect(distanceMeters(a, a)).toBe(0);
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
  });

  it('measures a degree of latitude and of longitude on the equator', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(DEGREE, 3);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(DEGREE, 3);
    expect(distanceMeters({ lat: 37, lng: 127 }, { lat: 38, lng: 127 })).toBeCloseTo(DEGREE, 3);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    // at 60° north a degree east is half as long (to within the small-arc error)
    const east = distanceMeters({ lat: 60, lng: 10 }, { lat: 60, lng: 10.01 });
    expect(east / (DEGREE * 0.01 * 0.5)).toBeCloseTo(1, 6);
  });

  it('is half the globe between antipodes, and across the date line the short way', () => {
    expect(distanceMeters({ lat: 10, lng: 20 }, { lat: -10, lng: -160 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_M,
      0,
    );
    expect(distanceMeters({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(DEGREE, 3);
  });

  it('agrees with the spherical law of cosines in Seoul (Hongdae to Seongsu, about 11.7 km)', () => {
    const a = { lat: 37.556944, lng: 126.923917 };
    const b = { lat: 37.544581, lng: 127.055961 };
    const r = (d: number) => (d * Math.PI) / 180;
    const cosines =
      EARTH_RADIUS_M *
      Math.acos(
        Math.sin(r(a.lat)) * Math.sin(r(b.lat)) +
          Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.cos(r(b.lng - a.lng)),
      );
    expect(distanceMeters(a, b)).toBeCloseTo(cosines, 0);
    expect(distanceMeters(a, b)).toBeGreaterThan(11_600);
    expect(distanceMeters(a, b)).toBeLessThan(11_800);
  });
});

describe('isLatLng', () => {
  it('takes finite positions on the globe only', () => {
    expect(isLatLng({ lat: 37.5, lng: 127 })).toBe(true);
    expect(isLatLng({ lat: -90, lng: 180 })).toBe(true);
    expect(isLatLng({ lat: 91, lng: 0 })).toBe(false);
    expect(isLatLng({ lat: 0, lng: -181 })).toBe(false);
    expect(isLatLng({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isLatLng({ lat: 1 })).toBe(false);
    expect(isLatLng(null)).toBe(false);
  });
});

describe('sortByDistance', () => {
  const here = { lat: 37.5, lng: 127 };
  const items = [
    { id: 'far', lat: 37.6, lng: 127 },
    { id: 'none-1', lat: 0, lng: 0 },
    { id: 'near', lat: 37.501, lng: 127 },
    { id: 'mid', lat: 37.5, lng: 127.05 },
    { id: 'near-twin', lat: 37.501, lng: 127 },
    { id: 'none-2', lat: 0, lng: 0 },
  ];
  const place = (m: (typeof items)[number]) => (m.lat === 0 && m.lng === 0 ? null : m);

  it('puts the nearest first, ties and unplaced items in their given order, unplaced last', () => {
    expect(sortByDistance(items, here, place).map((m) => m.id)).toEqual([
      'near',
      'near-twin',
      'mid',
      'far',
      'none-1',
      'none-2',
    ]);
  });

  it('leaves the given list alone and follows the point', () => {
    const before = items.map((m) => m.id);
    const fromFar = sortByDistance(items, { lat: 37.61, lng: 127 }, place);
    expect(fromFar[0]!.id).toBe('far');
    expect(items.map((m) => m.id)).toEqual(before);
  });
});

describe('formatDistance (product rules, Meetup map)', () => {
  it.each([
    [0, '10m 이내'],
    [9.9, '10m 이내'],
    [10, '10m'],
    [14, '10m'],
    [349, '350m'],
    [350, '350m'],
    [994, '990m'],
    [996, '1km'],
    [1000, '1km'],
    [1234, '1.2km'],
    [1250, '1.3km'],
    [9940, '9.9km'],
    [9950, '10km'],
    [12_345, '12km'],
    [1_234_567, '1,235km'],
  ])('%d m reads %s', (meters, label) => {
    expect(formatDistance(meters)).toBe(label);
  });

  it('gives nothing for a distance that is not one', () => {
    expect(formatDistance(Number.NaN)).toBe('');
    expect(formatDistance(-1)).toBe('');
    expect(formatDistance(Infinity)).toBe('');
  });
});
