/**
 * Counts a page's HTTP requests and bytes through the Chrome DevTools Protocol (Network domain),
 * so the figures are what Chromium itself saw on the wire:
 *
 * - `requests`: requests started (each `/api/batch` counts once, however many writes it carries);
 * - `wireBytes`: bytes received, headers included, as encoded on the wire (`encodedDataLength`);
 * - `bodyBytes`: response bodies after decoding (what JSON.parse had to read);
 * - `sentBytes`: request bodies (POST/PATCH payloads);
 * - `waitMs`: the sum of request durations (sent → last byte received); for requests made one
 *   after another this is the time spent waiting on the network and the server, and the rest of
 *   the wall time is the page's own work (JSON parsing, validation, IndexedDB);
 * - `gzipBytes` (with `gzipEstimate`): the response bodies gzip-compressed here at level 6, an
 *   estimate of the wire size if the server compressed its responses.
 *
 * Usage: `reset()` before the measured step, `await settle()` after it, then `snapshot()`.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface RequestRecord {
  method: string;
  url: string;
  status: number;
  wireBytes: number;
  bodyBytes: number;
  sentBytes: number;
  contentEncoding: string;
  failed: string | null;
  startedAt: number;
  finishedAt: number;
  gzipBytes: number;
}

export interface NetworkSnapshot {
  requests: number;
  failed: number;
  wireBytes: number;
  bodyBytes: number;
  sentBytes: number;
  waitMs: number;
  gzipBytes: number;
  /** Requests per "METHOD /path" (query strings dropped, record ids as `:id`). */
  byEndpoint: Record<string, number>;
  /** Content-Encoding values seen on responses ('' for none). */
  encodings: string[];
}

export class NetworkMeter {
  private records = new Map<string, RequestRecord>();
  private pending = new Set<string>();
  private fetches: Promise<void>[] = [];
  /** Compress response bodies to estimate the gzip'd size (reads every body back over CDP). */
  gzipEstimate = false;

  private constructor(
    private readonly cdp: CDPSession,
    private readonly filter: (url: string) => boolean,
  ) {}

  /** Starts counting the page's requests whose URL passes `filter` (default: all). */
  static async attach(
    context: BrowserContext,
    page: Page,
    filter: (url: string) => boolean = () => true,
  ): Promise<NetworkMeter> {
    const cdp = await context.newCDPSession(page);
    const meter = new NetworkMeter(cdp, filter);
    meter.listen();
    await cdp.send('Network.enable', {});
    return meter;
  }

  private listen() {
    const { cdp } = this;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!this.filter(e.request.url)) return;
      // a redirect reuses the request id: count it as one more request
      const id = this.records.has(e.requestId)
        ? `${e.requestId}#${this.records.size}`
        : e.requestId;
      const rec: RequestRecord = {
        method: e.request.method,
        url: e.request.url,
        status: 0,
        wireBytes: 0,
        bodyBytes: 0,
        sentBytes: e.request.postData ? Buffer.byteLength(e.request.postData) : 0,
        contentEncoding: '',
        failed: null,
        startedAt: e.timestamp,
        finishedAt: e.timestamp,
        gzipBytes: 0,
      };
      this.records.set(id, rec);
      this.pending.add(e.requestId);
      if (e.request.hasPostData && !e.request.postData) {
        this.fetches.push(
          cdp
            .send('Network.getRequestPostData', { requestId: e.requestId })
            .then((r) => {
              rec.sentBytes = Buffer.byteLength(r.postData);
            })
            .catch(() => undefined),
        );
      }
    });
    cdp.on('Network.responseReceived', (e) => {
      const rec = this.records.get(e.requestId);
      if (!rec) return;
      rec.status = e.response.status;
      const headers = e.response.headers as Record<string, string>;
      const enc = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding');
      rec.contentEncoding = enc?.[1] ?? '';
    });
    cdp.on('Network.dataReceived', (e) => {
      const rec = this.records.get(e.requestId);
      if (rec) rec.bodyBytes += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const rec = this.records.get(e.requestId);
      if (rec) {
        rec.wireBytes = e.encodedDataLength;
        rec.finishedAt = e.timestamp;
        if (this.gzipEstimate) {
          this.fetches.push(
            cdp
              .send('Network.getResponseBody', { requestId: e.requestId })
              .then((r) => {
                const body = Buffer.from(r.body, r.base64Encoded ? 'base64' : 'utf8');
                rec.gzipBytes = gzipSync(body, { level: 6 }).length;
              })
              .catch(() => undefined),
          );
        }
      }
      this.pending.delete(e.requestId);
    });
    cdp.on('Network.loadingFailed', (e) => {
      const rec = this.records.get(e.requestId);
      if (rec) {
        rec.failed = e.errorText || 'failed';
        rec.finishedAt = e.timestamp;
      }
      this.pending.delete(e.requestId);
    });
  }

  reset(): void {
    this.records.clear();
    this.pending.clear();
    this.fetches = [];
  }

  /** Waits until every counted request has finished or failed (events trail the page a little). */
  async settle(timeoutMs = 5000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.pending.size && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await Promise.all(this.fetches);
  }

  list(): RequestRecord[] {
    return [...this.records.values()];
  }

  snapshot(): NetworkSnapshot {
    const list = this.list();
    const byEndpoint: Record<string, number> = {};
    for (const r of list) {
      // record ids (15 characters of [a-z0-9]) folded, so one endpoint is one key
      const path = new URL(r.url).pathname.replace(/\/[a-z0-9]{15}(?=\/|$)/g, '/:id');
      const key = `${r.method} ${path}`;
      byEndpoint[key] = (byEndpoint[key] ?? 0) + 1;
    }
    return {
      requests: list.length,
      failed: list.filter((r) => r.failed).length,
      wireBytes: list.reduce((s, r) => s + r.wireBytes, 0),
      bodyBytes: list.reduce((s, r) => s + r.bodyBytes, 0),
      sentBytes: list.reduce((s, r) => s + r.sentBytes, 0),
      // CDP timestamps are in seconds
      waitMs: list.reduce((s, r) => s + (r.finishedAt - r.startedAt) * 1000, 0),
      gzipBytes: list.reduce((s, r) => s + r.gzipBytes, 0),
      byEndpoint,
      encodings: [...new Set(list.filter((r) => !r.failed).map((r) => r.contentEncoding))],
    };
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}
