// The tile source (src/lib/tiles.ts): configuration defaults and the service worker's URL match.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TILE_ATTRIBUTION,
  DEFAULT_TILE_URL,
  tileConfig,
  tileUrlPattern,
} from '@/lib/tiles.ts';

describe('tileConfig', () => {
  it('defaults to OpenStreetMap with its attribution', () => {
    expect(DEFAULT_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(DEFAULT_TILE_ATTRIBUTION).toContain('OpenStreetMap');
    expect(DEFAULT_TILE_ATTRIBUTION).toContain('https://www.openstreetmap.org/copyright');
    // no VITE_TILE_URL in the test environment
    expect(tileConfig).toEqual({ url: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION });
  });
});

describe('tileUrlPattern', () => {
  it('matches the tiles of the default template and nothing else', () => {
    const re = tileUrlPattern(DEFAULT_TILE_URL);
    expect(re.test('https://tile.openstreetmap.org/12/3493/1586.png')).toBe(true);
    expect(re.test('https://tile.openstreetmap.org/0/0/0.png')).toBe(true);
    expect(re.test('https://tile.openstreetmap.org/12/3493/1586.png?x=1')).toBe(false);
    expect(re.test('https://tile.openstreetmap.org/12/3493/1586.jpg')).toBe(false);
    expect(re.test('https://tile.openstreetmap.org/a/b/c.png')).toBe(false);
    expect(re.test('https://tile.openstreetmap.org/12/3493.png')).toBe(false);
    expect(re.test('https://tile.openstreetmapXorg/12/3493/1586.png')).toBe(false); // dot is literal
    expect(re.test('https://evil.example/https://tile.openstreetmap.org/1/1/1.png')).toBe(false);
    expect(re.test('http://tile.openstreetmap.org/1/1/1.png')).toBe(false);
    expect(re.test('http://127.0.0.1:8090/api/files/meetUps/x/y.png')).toBe(false);
  });

  it('handles subdomains, retina suffixes, negative y and other keys', () => {
    const re = tileUrlPattern('https://{s}.tiles.example.com/{style}/{z}/{x}/{y}{r}.png');
    expect(re.test('https://a.tiles.example.com/light/3/4/5.png')).toBe(true);
    expect(re.test('https://b.tiles.example.com/dark_v2/3/4/5@2x.png')).toBe(true);
    expect(re.test('https://c.tiles.example.com/light/3/4/-5.png')).toBe(true);
    expect(re.test('https://a.tiles.example.com/a/b/3/4/5.png')).toBe(false); // key is one segment
    expect(re.test('https://a.b.tiles.example.com/light/3/4/5.png')).toBe(false);
  });

  it('keeps a query string as written (escaped)', () => {
    const re = tileUrlPattern('https://tiles.example.com/{z}/{x}/{y}.png?key=abc+1');
    expect(re.test('https://tiles.example.com/1/2/3.png?key=abc+1')).toBe(true);
    expect(re.test('https://tiles.example.com/1/2/3.png?key=abcc1')).toBe(false);
    expect(re.test('https://tiles.example.com/1/2/3.png')).toBe(false);
  });
});
