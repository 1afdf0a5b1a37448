import { HEAD_BYTES, imageSize, withinBound } from './image-size';

/**
 * Whether a file's first bytes are a PNG, JPEG, GIF or WEBP. A file input's type comes from the
 * file name, so a page or a text file renamed .png passes a type check; the server reads the
 * content and refuses such a file, which the fan would only learn after sending. Checking the
 * bytes when the file is picked tells them at once.
 */
export async function hasImageContent(file: Blob): Promise<boolean> {
  return sniff(new Uint8Array(await file.slice(0, 12).arrayBuffer())) !== '';
}

/** The image type of a file's first bytes, or '' for anything else. */
function sniff(b: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return '';
}

/**
 * Why the server would refuse this picked file as an image ('notImage', 'tooLarge' over the
 * size bound, 'unreadable' when its size can't be read from its header), or null when it takes
 * it. Reads the file's first 256 KB; decodes nothing.
 */
export async function imageProblem(
  file: Blob,
): Promise<'notImage' | 'tooLarge' | 'unreadable' | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const mime = sniff(head);
  if (!mime) return 'notImage';
  const size = imageSize(head, mime);
  if (!size) return 'unreadable';
  return withinBound(size) ? null : 'tooLarge';
}
