import { describe, expect, it } from 'vitest';
import { addressName } from './address-name';

describe('addressName', () => {
  it('names loopback addresses "This computer", IPv4-mapped ones too', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.1.2.3']) {
      expect(addressName(address)).toBe(`This computer (${address})`);
    }
  });

  it('names the private ranges "Local network"', () => {
    for (const address of ['10.0.0.7', '172.16.0.1', '172.31.255.9', '192.168.1.5', '::ffff:192.168.1.5', 'fd12:3456::1', 'fe80::1']) {
      expect(addressName(address)).toBe(`Local network (${address})`);
    }
  });

  it('leaves public addresses as they are, the ranges next to the private ones included', () => {
    for (const address of ['203.0.113.9', '172.15.0.1', '172.32.0.1', '192.169.0.1', '2001:db8::1', '11.0.0.1', 'fe00::1']) {
      expect(addressName(address)).toBe(address);
    }
  });
});
