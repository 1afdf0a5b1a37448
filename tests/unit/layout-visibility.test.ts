import { describe, expect, it } from 'vitest';
import { activeNavItem, shouldHideTopBar, shouldShowFooter } from '@/app/layout/visibility';

describe('shouldHideTopBar (product rules, Layout and navigation)', () => {
  it.each([
    '/profileSetting',
    '/alerts',
    '/alert',
    '/collectBook/collectBookAdd',
    '/collectBook/RIIZE/abc123/my%20book',
    '/myBias',
    '/loginInfo',
    '/meetupDetail/abc',
    '/LikeDetail',
    '/likeDetail',
    '/likedetail',
    '/informUs',
    '/informUs/photoCardSubmit',
    '/informUs/meetUpSubmit',
    '/informUs/meetupSubmit',
    '/photoCardSubmit',
    '/somewhere/meetUpSubmit',
    '/PROFILESETTING',
  ])('hides the top bar on %s', (path) => {
    expect(shouldHideTopBar(path)).toBe(true);
  });

  it.each([
    '/',
    '/exchange',
    '/exchangeDetail/abc',
    '/meetup',
    '/profile',
    '/login',
    '/Login',
    '/register',
    '/authNaver',
    '/api/oauth2-redirect',
    '/chatting',
  ])('shows the top bar on %s', (path) => {
    expect(shouldHideTopBar(path)).toBe(false);
  });
});

describe('shouldShowFooter', () => {
  it.each(['/meetup', '/meetup/', '/Meetup'])('hides the footer on %s', (path) => {
    expect(shouldShowFooter(path)).toBe(false);
  });

  it.each(['/', '/exchange', '/meetupDetail/abc', '/profile', '/informUs/meetUpSubmit'])(
    'shows the footer on %s',
    (path) => {
      expect(shouldShowFooter(path)).toBe(true);
    },
  );
});

describe('activeNavItem', () => {
  it.each([
    ['/', 'home'],
    ['/exchange', 'exchange'],
    ['/exchangeDetail/abc', 'exchange'],
    ['/meetup', 'meetup'],
    ['/meetupDetail/abc', 'meetup'],
    ['/profile', 'profile'],
    ['/profileSetting', 'profile'],
    ['/LikeDetail', 'profile'],
    ['/Login', 'profile'],
    ['/collectBook/collectBookAdd', 'profile'],
    ['/authNaver', null],
    ['/exchanges', null],
  ])('%s belongs to %s', (path, item) => {
    expect(activeNavItem(path)).toBe(item);
  });
});
