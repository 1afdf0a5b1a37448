/**
 * The card-scan benchmark's heavy lifting, run in worker threads (one per core) so the 5,000-card
 * scope and the photos take half the time on 2 cores: drawing catalogue cards and taking their
 * fingerprints, and photographing sample cards and recognising the photos against the scopes.
 * Started by `./bench.ts` through `startWorker` (tsx's loader does not reach worker threads by
 * itself); each worker does one task, posts its answer and exits.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { fingerprint } from '../../src/lib/card-scan/fingerprint.ts';
import {
  imageSampler,
  recognize,
  type Candidate,
  type FingerprintIndex,
} from '../../src/lib/card-scan/recognize.ts';
import { groupCard } from './cards.ts';
import { photograph, type Distortion } from './photos.ts';

export interface PrintsTask {
  kind: 'prints';
  cards: { group: number; card: number }[];
}

export interface PrintsAnswer {
  ids: string[];
  /** The fingerprints, one after another. */
  prints: Int8Array;
}

/** One photo of a card: the distortions on and the photo's seed. */
export interface Shot {
  row: string;
  on: Distortion[];
  seed: number;
}

export interface PhotosTask {
  kind: 'photos';
  /** The scopes each photo is recognised among, by name. */
  scopes: Record<string, FingerprintIndex>;
  cards: { group: number; card: number; shots: Shot[] }[];
}

export interface PhotoOutcome {
  row: string;
  id: string;
  seed: number;
  /** Per scope: the 3 closest cards, or null when no card was found in the frame. */
  found: Record<string, Candidate[] | null>;
  /** The worst corner's miss over the card's height, with the first scope's outline (1: none). */
  cornerMiss: number;
}

export type Task = PrintsTask | PhotosTask;

function prints(task: PrintsTask): PrintsAnswer {
  const ids: string[] = [];
  const all: Int8Array[] = [];
  for (const { group, card } of task.cards) {
    const c = groupCard(group, card);
    ids.push(c.id);
    all.push(fingerprint(imageSampler(c.image)));
  }
  const out = new Int8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return { ids, prints: out };
}

function photos(task: PhotosTask): PhotoOutcome[] {
  const out: PhotoOutcome[] = [];
  const names = Object.keys(task.scopes);
  for (const { group, card, shots } of task.cards) {
    const c = groupCard(group, card);
    for (const shot of shots) {
      const photo = photograph(c.image, shot.on, shot.seed);
      const found: Record<string, Candidate[] | null> = {};
      let cornerMiss = 1;
      for (const name of names) {
        const rec = recognize(photo.frame, task.scopes[name]!, 3);
        found[name] = rec?.candidates ?? null;
        if (rec && name === names[0]) {
          const [tl, , , bl] = photo.corners;
          const height = Math.hypot(bl.x - tl.x, bl.y - tl.y);
          cornerMiss = Math.max(
            ...rec.detection.corners.map(
              (p, i) => Math.hypot(p.x - photo.corners[i]!.x, p.y - photo.corners[i]!.y) / height,
            ),
          );
        }
      }
      out.push({ row: shot.row, id: c.id, seed: shot.seed, found, cornerMiss });
    }
  }
  return out;
}

/** Runs `task` in a worker thread; resolves with its answer. */
export function startWorker(task: PrintsTask): Promise<PrintsAnswer>;
export function startWorker(task: PhotosTask): Promise<PhotoOutcome[]>;
export function startWorker(task: Task): Promise<unknown> {
  const self = import.meta.url;
  const boot = `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(self)}, ${JSON.stringify(self)}))`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: task });
    let answered = false;
    worker.once('message', (m) => {
      answered = true;
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`card-scan worker exited with ${code} and no answer`));
    });
  });
}

if (parentPort && workerData && typeof workerData === 'object' && 'kind' in workerData) {
  const task = workerData as Task;
  parentPort.postMessage(task.kind === 'prints' ? prints(task) : photos(task));
}
