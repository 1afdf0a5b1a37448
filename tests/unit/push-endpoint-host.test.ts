// isPrivateHost: which push endpoint hosts the dispatcher refuses to request (server-side
// request forgery guard). Browsers' push services are public names; everything local is refused.
import { describe, expect, it } from 'vitest';
import { isPrivateHost } from '../../server/private-host.ts';

const host = (url: string) => new URL(url).hostname;

describe('isPrivateHost', () => {
  it('refuses loopback, private, shared, link-local, multicast and unspecified addresses', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://127.8.9.10:8443/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://172.31.255.255/x',
      'https://192.168.0.10/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/x',
      'https://224.0.0.1/x',
      'https://[::1]/x',
      'https://[::]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://2130706433/x', // 127.0.0.1 written as one number: URL makes it dotted
      'https://0x7f.1/x',
    ]) {
      expect(isPrivateHost(host(url)), url).toBe(true);
    }
  });

  it("takes the browsers' push services and other public hosts", () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://8.8.8.8/x',
      'https://172.32.0.1/x',
      'https://[2001:4860:4860::8888]/x',
    ]) {
      expect(isPrivateHost(host(url)), url).toBe(false);
    }
  });
});
