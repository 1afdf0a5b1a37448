// Reading QR codes from pixels (docs/trade-qr.md, Screens): the browser's BarcodeDetector where
// it has one, otherwise the `qr` package's decoder, imported only by the scan screen.

type Decoder = typeof import('qr/decode.js');
let decoder: Promise<Decoder> | null = null;
/**
 * The decoder's chunk; the scan screen starts loading it on opening, so a scan that follows with
 * no signal has it even without the service worker's precache.
 */
export function loadDecoder(): Promise<Decoder> {
  decoder ??= import('qr/decode.js');
  return decoder;
}

interface NativeDetector {
  detect(source: CanvasImageSource | ImageBitmap): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

let native: Promise<NativeDetector | null> | null = null;
/** The browser's QR detector, or null where there is none (desktop Linux and Windows Chrome). */
function nativeDetector(): Promise<NativeDetector | null> {
  native ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return native;
}

let canvas: HTMLCanvasElement | null = null;
function pixels(source: CanvasImageSource, width: number, height: number): ImageData | null {
  if (!width || !height) return null;
  canvas ??= document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

/** The text of the QR code in one video frame, or null when the frame has none. */
export async function readVideoFrame(video: HTMLVideoElement): Promise<string | null> {
  if (video.readyState < 2) return null;
  const detector = await nativeDetector();
  if (detector) {
    const found = await detector.detect(video).catch(() => []);
    return found[0]?.rawValue ?? null;
  }
  const { default: decodeQR } = await loadDecoder();
  const image = pixels(video, video.videoWidth, video.videoHeight);
  if (!image) return null;
  try {
    return decodeQR(image);
  } catch {
    return null; // no code in this frame: try the next one
  }
}

/** The text of the QR code in a photo, or null when none is found. */
export async function readPhoto(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const detector = await nativeDetector();
    if (detector) {
      const found = await detector.detect(bitmap).catch(() => []);
      if (found[0]) return found[0].rawValue;
    }
    const { default: decodeQR } = await loadDecoder();
    // A large photo is scaled down to 1600 px on its long side: plenty for a code, and fast.
    const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
    const image = pixels(
      bitmap,
      Math.round(bitmap.width * scale),
      Math.round(bitmap.height * scale),
    );
    if (!image) return null;
    try {
      return decodeQR(image, { effort: Infinity, timeLimit: Infinity });
    } catch {
      return null;
    }
  } finally {
    bitmap.close();
  }
}
