// isPrivateHost: which push endpoint hosts the dispatcher refuses to request (server-side
// request forgery guard). Browsers' push services are public names; everything local is refused.
import { describe, expect, it } from 'vitest';
import { isPrivateHost, isPublicAddress } from '../../server/private-host.ts';

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

describe('isPublicAddress (every address a push endpoint name resolves to)', () => {
  it('refuses loopback, private, shared, link-local, metadata, reserved and documentation addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.7',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200', // Alibaba metadata
      '169.254.169.254', // AWS/GCP/Azure metadata
      '169.254.170.2', // ECS task metadata
      '168.63.129.16', // Azure host agent
      '192.0.0.192', // Oracle metadata
      '0.0.0.0',
      '192.0.2.10',
      '198.18.0.1',
      '203.0.113.9',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      'fd00:ec2::254', // AWS IPv6 metadata
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254, mapped, hex
      '::127.0.0.1',
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b:1::1',
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2001::1', // Teredo
      '2001:db8::1',
      '3fff::1',
      'not-an-address',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public unicast addresses, also inside mapped, NAT64 and 6to4 forms', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.196.106',
      '172.32.0.1',
      '100.128.0.1',
      '2001:4860:4860::8888',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
