/**
 * The wire: one queued change as a PocketBase request (multipart when it carries files), or a run
 * of JSON-only changes as one `/api/batch` request (one transaction on the server).
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { SendRequest } from '@/data/outbox/index.ts';

function toFile(field: string, blob: Blob): Blob {
  if (typeof File !== 'undefined' && blob instanceof File && blob.name) return blob;
  const ext = (blob.type.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '');
  return new File([blob], `${field}.${ext || 'bin'}`, { type: blob.type });
}

function withFiles(req: SendRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(req.body ?? {}) };
  for (const [field, blob] of Object.entries(req.files ?? {})) body[field] = toFile(field, blob);
  return body;
}

export async function sendOne(pb: PocketBase, req: SendRequest): Promise<RecordModel | null> {
  const svc = pb.collection(req.collection);
  const opts = { requestKey: null };
  if (req.method === 'POST') return svc.create(withFiles(req), opts);
  if (req.method === 'PATCH') return svc.update(req.id, withFiles(req), opts);
  await svc.delete(req.id, opts);
  return null;
}

export async function sendBatch(
  pb: PocketBase,
  reqs: SendRequest[],
): Promise<(RecordModel | null)[]> {
  const batch = pb.createBatch();
  for (const req of reqs) {
    const c = batch.collection(req.collection);
    if (req.method === 'POST') c.create(req.body ?? {});
    else if (req.method === 'PATCH') c.update(req.id, req.body ?? {});
    else c.delete(req.id);
  }
  const results = await batch.send({ requestKey: null });
  return results.map((r) =>
    r.body && typeof r.body === 'object' ? (r.body as RecordModel) : null,
  );
}
