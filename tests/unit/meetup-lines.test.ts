// The home meetup strip: which events it shows and how their dates read.
import { describe, expect, it } from 'vitest';
import type { MeetUp } from '@/data/pb/records.ts';
import { meetUpDates, upcomingMeetUps } from '@/lib/meetup-lines.ts';
import { koreaToday, localToday, orderForList } from '@/lib/meetup-dates.ts';

function meetUp(id: string, startDate: string, endDate: string, date = ''): MeetUp {
  return {
    ...{ id, created: '', updated: '', eventTitle: id, cafeName: '', address: '', date },
    ...{ startDate, endDate, lat: null, lng: null, artistName: '', artistImg: '', eventImg: [] },
    ...{ source: '', basicGift: '', desertGift: '', priorityGift: '', firstHashtag: '' },
    ...{ secondHashtag: '', group: '', comments: [] },
  };
}

const day = (d: string) => `${d} 00:00:00.000Z`;

describe('upcomingMeetUps', () => {
  it('keeps running and future events, soonest first, free-text dates last', () => {
    const events = [
      meetUp('past', day('2026-11-01'), day('2026-11-03')),
      meetUp('later', day('2026-12-01'), day('2026-12-02')),
      meetUp('running', day('2026-11-18'), day('2026-11-22')),
      meetUp('endsToday', day('2026-11-19'), day('2026-11-21')),
      meetUp('textOnly', '', '', '매주 토요일'),
      meetUp('nothing', '', ''),
    ];
    expect(upcomingMeetUps(events, '2026-11-21').map((e) => e.id)).toEqual([
      'running',
      'endsToday',
      'later',
      'textOnly',
    ]);
  });

  it('shows at most ten', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      meetUp(`m${String(i).padStart(2, '0')}`, day('2026-12-01'), day('2026-12-02')),
    );
    expect(upcomingMeetUps(many, '2026-11-21')).toHaveLength(10);
  });
});

describe('meetUpDates', () => {
  it.each([
    [day('2026-11-20'), day('2026-11-23'), '', '11.20~11.23'],
    [day('2026-11-20'), day('2026-11-20'), '', '11.20'],
    [day('2026-01-05'), '', '', '1.5'],
    ['', day('2026-02-09'), '', '2.9'],
    ['', '', ' 11월 중 ', '11월 중'],
  ])('%s ~ %s (%s) → %s', (start, end, text, expected) => {
    expect(meetUpDates({ startDate: start, endDate: end, date: text })).toBe(expected);
  });
});

describe('localToday', () => {
  it('is the local calendar day', () => {
    expect(localToday(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
    expect(localToday(new Date(2026, 0, 2, 0, 0))).toBe('2026-01-02');
  });
});

describe('koreaToday', () => {
  it("is Seoul's calendar day, whatever the device's time zone", () => {
    // 15:00 UTC is midnight in Seoul: the day turns there, not at midnight UTC
    expect(koreaToday(Date.UTC(2026, 11, 2, 14, 59))).toBe('2026-12-02');
    expect(koreaToday(Date.UTC(2026, 11, 2, 15, 0))).toBe('2026-12-03');
    expect(koreaToday(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01');
  });
});

describe('orderForList (the /meetup list)', () => {
  const ev = (id: string, start: string, end: string) => ({
    id,
    startDate: start ? `${start} 00:00:00.000Z` : '',
    endDate: end ? `${end} 00:00:00.000Z` : '',
  });
  it('puts running and coming events first by start, then ended ones latest first, undated last', () => {
    const events = [
      ev('ended-long-ago', '2026-10-01', '2026-10-03'),
      ev('undated', '', ''),
      ev('next-month', '2026-12-05', '2026-12-07'),
      ev('running', '2026-11-19', '2026-11-22'),
      ev('ended-yesterday', '2026-11-18', '2026-11-20'),
      ev('ends-today', '2026-11-21', ''),
    ];
    expect(orderForList(events, '2026-11-21').map((e) => e.id)).toEqual([
      'running',
      'ends-today',
      'next-month',
      'ended-yesterday',
      'ended-long-ago',
      'undated',
    ]);
  });
  it('breaks ties by id and does not change its input', () => {
    const events = [ev('b', '2026-12-01', ''), ev('a', '2026-12-01', '')];
    expect(orderForList(events, '2026-11-21').map((e) => e.id)).toEqual(['a', 'b']);
    expect(events.map((e) => e.id)).toEqual(['b', 'a']);
  });
});
