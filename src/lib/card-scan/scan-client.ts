/**
 * The page's side of the scan worker (./scan-worker.ts, messages in ./protocol.ts): one worker
 * per open scanner, a promise per frame or per batch of catalogue images.
 */
import type { PrintSource, ScanReply } from './protocol.ts';

export type FrameResult = Extract<ScanReply, { type: 'frame' }>;
export type PrintsResult = Extract<ScanReply, { type: 'prints' }>;

export class ScanClient {
  private worker: Worker;
  private next = 1;
  private waiting = new Map<number, (reply: ScanReply) => void>();

  constructor(make: () => Worker = defaultWorker) {
    this.worker = make();
    this.worker.addEventListener('message', (event: MessageEvent<ScanReply>) => {
      const done = this.waiting.get(event.data.id);
      if (!done) return;
      this.waiting.delete(event.data.id);
      done(event.data);
    });
  }

  private ask<T extends ScanReply>(
    build: (id: number) => { message: unknown; transfer?: Transferable[] },
  ): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve as (reply: ScanReply) => void);
      const { message, transfer } = build(id);
      this.worker.postMessage(message, transfer ?? []);
    });
  }

  /** The scope the frames are looked up in. */
  setIndex(entries: { id: string; print: Int8Array }[]): void {
    this.worker.postMessage({ type: 'index', entries });
  }

  /** Fingerprints of catalogue images, made in the worker. */
  prints(sources: PrintSource[]): Promise<PrintsResult> {
    return this.ask((id) => ({ message: { type: 'prints', id, sources } }));
  }

  /** One frame looked at; the bitmap is handed over (and closed by the worker). */
  frame(frame: ImageBitmap): Promise<FrameResult> {
    return this.ask((id) => ({ message: { type: 'frame', id, frame }, transfer: [frame] }));
  }

  close(): void {
    this.worker.terminate();
    this.waiting.clear();
  }
}

function defaultWorker(): Worker {
  return new Worker(new URL('./scan-worker.ts', import.meta.url), {
    type: 'module',
    name: 'card-scan',
  });
}
