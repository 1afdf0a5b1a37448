// Hostile trade QR codes (docs/trade-qr.md, Reading a code safely): payloads crafted to make
// the reader build huge lists or inflate huge buffers are refused as garbled, each checked before
// anything is expanded. Before these checks, one run of 2^40 places in a 90-character code froze
// the scan screen for about 10 s: such a case would now hit the test's timeout instead of passing.
import { describe, expect, it } from 'vitest';
import {
  PartCollector,
  TradeQrError,
  decodeTradeQr,
  encodeTradeQr,
  splitPayload,
  type QrCard,
} from '@/lib/trade-qr';
import { ByteWriter, fnv1a } from '@/lib/trade-qr/bytes';
import { MAX_PLACES } from '@/lib/trade-qr/payload';
import { MAX_PAYLOAD_BYTES } from '@/lib/trade-qr/parts';
import { koTradeQr } from '@/i18n/ko-trade-qr';

const GROUP = 'grpaaaaaaaaaaa1';
const cards: QrCard[] = Array.from({ length: 40 }, (_, i) => ({
  id: `c${String(i).padStart(14, '0')}`,
  group: GROUP,
  created: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace('T', ' '),
}));

const BITSET = 0;
const GAPS = 1;
const RUNS = 2;

/**
 * A payload's head: version 1, the fan, the count of groups it announces, then the groups
 * written by `body` (`written` of them, the announced count unless told).
 */
function payload(
  groups: number,
  body: (w: ByteWriter, g: number) => void,
  written = groups,
): Uint8Array {
  const w = new ByteWriter();
  w.byte(1);
  w.text('fan1aaaaaaaaaaa');
  w.text('공격자');
  w.varint(groups);
  for (let g = 0; g < written; g++) body(w, g);
  return w.done();
}

/** One group's head: its name's hash, its size, its newest card's hash and its fingerprint. */
function groupHead(w: ByteWriter, size: number, name = GROUP): void {
  w.u32(fnv1a(name));
  w.varint(size);
  w.u32(0);
  w.u32(0);
}

const emptyRuns = (w: ByteWriter) => {
  w.byte(RUNS);
  w.varint(0);
};

/** Reads `bytes` as a fan's phone would: split into codes, scanned, decoded. */
async function scan(bytes: Uint8Array) {
  const collector = new PartCollector();
  for (const part of await splitPayload(bytes)) collector.add(part);
  return decodeTradeQr(collector, cards);
}

async function refused(bytes: Uint8Array): Promise<TradeQrError> {
  const err = await scan(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TradeQrError);
  expect((err as TradeQrError).message).toBe(koTradeQr.errors.garbled);
  return err as TradeQrError;
}

describe('hostile trade QR payloads', () => {
  it('one run of 2^40 places in a group that claims 2^40 cards, in a code of ~90 characters', async () => {
    const bytes = payload(1, (w) => {
      groupHead(w, 2 ** 40);
      w.byte(RUNS);
      w.varint(1);
      w.varint(0);
      w.varint(2 ** 40);
      emptyRuns(w);
    });
    const parts = await splitPayload(bytes);
    expect(parts.join('').length).toBeLessThan(120);
    await refused(bytes);
  });

  it('a run past its group’s end, and runs that add up past it', async () => {
    await refused(
      payload(1, (w) => {
        groupHead(w, 10);
        w.byte(RUNS);
        w.varint(1);
        w.varint(5);
        w.varint(6);
        emptyRuns(w);
      }),
    );
    await refused(
      payload(1, (w) => {
        groupHead(w, 10);
        w.byte(RUNS);
        w.varint(3);
        for (let k = 0; k < 3; k++) {
          w.varint(0);
          w.varint(4);
        }
        emptyRuns(w);
      }),
    );
  });

  it('a gap list that claims 2^40 entries, or steps past its group', async () => {
    await refused(
      payload(1, (w) => {
        groupHead(w, 2 ** 40);
        w.byte(GAPS);
        w.varint(2 ** 40);
        w.varint(0);
        emptyRuns(w);
      }),
    );
    await refused(
      payload(1, (w) => {
        groupHead(w, 10);
        w.byte(GAPS);
        w.varint(2);
        w.varint(3);
        w.varint(9);
        emptyRuns(w);
      }),
    );
  });

  it('a bitset of a group of 2^40 cards (its bytes are not there)', async () => {
    await refused(
      payload(1, (w) => {
        groupHead(w, 2 ** 40);
        w.byte(BITSET);
        w.raw(new Uint8Array(64).fill(0xff));
      }),
    );
  });

  it(`more places than ${MAX_PLACES.toLocaleString('en')} across many groups, each within its own`, async () => {
    const groups = Math.ceil(MAX_PLACES / 5000) + 1;
    await refused(
      payload(groups, (w, g) => {
        groupHead(w, 5000, `grp${g}`);
        w.byte(RUNS);
        w.varint(1);
        w.varint(0);
        w.varint(5000);
        emptyRuns(w);
      }),
    );
  });

  it('2^40 groups announced, none there', async () => {
    await refused(payload(2 ** 40, () => {}, 0));
  });

  it(`a deflate bomb: parts that inflate past ${MAX_PAYLOAD_BYTES / 1024 / 1024} MB`, async () => {
    // 8 MB of zeros deflate to a few KB: a few dozen codes
    const parts = await splitPayload(new Uint8Array(8 * 1024 * 1024));
    expect(parts.length).toBeLessThan(60);
    const collector = new PartCollector();
    for (const p of parts) collector.add(p);
    await expect(decodeTradeQr(collector, cards)).rejects.toThrow(koTradeQr.errors.garbled);
  });

  it('still reads a real code with the most places a fan can list', async () => {
    const many: QrCard[] = Array.from({ length: 2000 }, (_, i) => ({
      id: `m${String(i).padStart(14, '0')}`,
      group: `grp${i % 7}`,
      created: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace('T', ' '),
    }));
    const ids = many.map((c) => c.id);
    const lists = {
      fan: { id: 'fan1aaaaaaaaaaa', name: '팬' },
      have: ids.slice(0, 1000),
      want: ids.slice(1000),
    };
    const collector = new PartCollector();
    for (const p of await encodeTradeQr(lists, many)) collector.add(p);
    const read = await decodeTradeQr(collector, many);
    expect(read.have).toHaveLength(1000);
    expect(read.want).toHaveLength(1000);
    expect(read.unknown).toBe(0);
  });
});
