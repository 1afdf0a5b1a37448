// @vitest-environment node
// hasImageContent: a picked file is an image by its bytes, not its name or declared type.
import { describe, expect, it } from 'vitest';
import { hasImageContent } from '../../src/lib/image-bytes.ts';

const blob = (bytes: number[] | string, type = 'image/png') =>
  new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });

describe('hasImageContent', () => {
  it('takes PNG, JPEG, GIF and WEBP by their signatures', async () => {
    expect(await hasImageContent(blob([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      true,
    );
    expect(await hasImageContent(blob([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe(true);
    expect(await hasImageContent(blob('GIF89a\x01\x00'))).toBe(true);
    expect(await hasImageContent(blob('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe(true);
  });

  it('refuses a page, a text, an SVG and an empty file named as an image', async () => {
    expect(await hasImageContent(blob('<!doctype html><script>alert(1)</script>'))).toBe(false);
    expect(await hasImageContent(blob('not a png'))).toBe(false);
    expect(
      await hasImageContent(blob('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')),
    ).toBe(false);
    expect(await hasImageContent(blob([]))).toBe(false);
    expect(await hasImageContent(blob('RIFF\x00\x00\x00\x00WAVEfmt '))).toBe(false);
  });
});
