/**
 * Whether a file's first bytes are a PNG, JPEG, GIF or WEBP. A file input's type comes from the
 * file name, so a page or a text file renamed .png passes a type check; the server reads the
 * content and refuses such a file, which the fan would only learn after sending. Checking the
 * bytes when the file is picked tells them at once.
 */
export async function hasImageContent(file: Blob): Promise<boolean> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  return (
    (b[0] === 0x89 && ascii(1, 4) === 'PNG') ||
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}
