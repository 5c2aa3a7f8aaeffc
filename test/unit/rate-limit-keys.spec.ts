// The keys the rate limits count under: an address by its /64 (server/http/client-address.ts) and
// the login lockout's device, account and address counters (server/rate-limit/).
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config/app-config';
import { limitKey } from '../../server/http/client-address';
import { ACCOUNT_RULE, ADDRESS_RULE, DEVICE_RULE, LoginLockoutService } from '../../server/rate-limit/login-lockout.service';
import type { RateLimitRule, RateLimitService } from '../../server/rate-limit/rate-limit.service';

describe('limitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4 address written in IPv6 form as that IPv4 address', () => {
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64', () => {
    expect(limitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
  });

  it('gives every address of one /64 the same key, however written', () => {
    const written = ['2001:db8:0:1::1', '2001:DB8:0:1:ffff:ffff:ffff:ffff', '2001:0db8:0000:0001:0:0:0:9', '2001:db8:0:1::1%eth0'];
    const keys = new Set(written.map(limitKey));
    expect([...keys]).toEqual(['2001:db8:0:1::/64']);
  });

  it('gives neighbouring /64s different keys', () => {
    expect(limitKey('2001:db8:0:1::1')).not.toBe(limitKey('2001:db8:0:2::1'));
  });

  it('expands `::` wherever it falls in the first four groups', () => {
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('2001::')).toBe('2001:0:0:0::/64');
  });

  it('passes anything that is no IP address through unchanged', () => {
    expect(limitKey('unknown')).toBe('unknown');
  });
});

/** A RateLimitService stand-in that records the keys it is asked about and says nobody is blocked. */
function recordingLimits() {
  const hits: { key: string; rule: RateLimitRule }[] = [];
  const calls: string[] = [];
  const limits = {
    blockedFor: (key: string) => {
      calls.push(`blockedFor ${key}`);
      return Promise.resolve(0);
    },
    hit: (key: string, rule: RateLimitRule) => {
      hits.push({ key, rule });
      return Promise.resolve({ hits: 1, retryAfterSeconds: rule.windowSeconds });
    },
    release: (key: string) => {
      calls.push(`release ${key}`);
      return Promise.resolve();
    },
    reset: (key: string) => {
      calls.push(`reset ${key}`);
      return Promise.resolve();
    },
  };
  return { limits: limits as unknown as RateLimitService, hits, calls };
}

const config = { sessionSecret: 'a-session-secret-of-at-least-32-chars!', publicUrl: 'http://localhost:3000' } as AppConfig;

describe('LoginLockoutService keys', () => {
  it("counts an untrusted client's attempt on the account and on its address's /64", async () => {
    const { limits, hits } = recordingLimits();
    await new LoginLockoutService(limits, config).attempt('admin-1', { address: '2001:db8:0:1::77', device: null });
    expect(hits).toEqual([
      { key: 'login:account:admin-1', rule: ACCOUNT_RULE },
      { key: 'login:address:2001:db8:0:1::/64', rule: ADDRESS_RULE },
    ]);
  });

  it("counts a trusted device's attempt on that device, never on the account", async () => {
    const { limits, hits } = recordingLimits();
    await new LoginLockoutService(limits, config).attempt('admin-1', { address: '203.0.113.7', device: 'dev-9' });
    expect(hits.map((hit) => hit.key)).toEqual(['login:device:dev-9', 'login:address:203.0.113.7']);
    expect(hits[0].rule).toBe(DEVICE_RULE);
  });

  it('on success resets the own counter and gives the address its hit back', async () => {
    const { limits, calls } = recordingLimits();
    await new LoginLockoutService(limits, config).succeeded('admin-1', { address: '::ffff:203.0.113.7', device: null });
    expect(calls).toEqual(['reset login:account:admin-1', 'release login:address:203.0.113.7']);
  });
});

describe('device cookies', () => {
  /** The cookie trustDevice sets, as the next request sends it back. */
  function issue(service: LoginLockoutService, adminId: string): string {
    let cookie = '';
    const res = { cookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as unknown as Response;
    service.trustDevice({ secure: false } as Request, res, adminId, 1);
    return cookie;
  }
  const requestWith = (cookie: string) => ({ headers: { cookie: `other=1; ${cookie}` } }) as Request;

  it('proves the device for the admin it was issued to, and for no other', () => {
    const service = new LoginLockoutService(recordingLimits().limits, config);
    const cookie = issue(service, 'admin-1');
    expect(cookie.startsWith('device=admin-1.')).toBe(true);
    expect(service.deviceOf(requestWith(cookie), { id: 'admin-1', credentialVersion: 1 })).toMatch(/^[\w-]{22}$/);
    expect(service.deviceOf(requestWith(cookie), { id: 'admin-2', credentialVersion: 1 })).toBeNull();
  });

  it('stops proving the device once the password changes (a new credential version)', () => {
    const service = new LoginLockoutService(recordingLimits().limits, config);
    const cookie = issue(service, 'admin-1');
    expect(service.deviceOf(requestWith(cookie), { id: 'admin-1', credentialVersion: 2 })).toBeNull();
  });

  it('refuses a cookie signed with another secret or altered', () => {
    const cookie = issue(new LoginLockoutService(recordingLimits().limits, config), 'admin-1');
    const other = new LoginLockoutService(recordingLimits().limits, {
      ...config,
      sessionSecret: 'another-secret-of-at-least-32-characters',
    });
    expect(other.deviceOf(requestWith(cookie), { id: 'admin-1', credentialVersion: 1 })).toBeNull();
    const service = new LoginLockoutService(recordingLimits().limits, config);
    expect(service.deviceOf(requestWith(cookie.replace('admin-1.', 'admin-1.x')), { id: 'admin-1', credentialVersion: 1 })).toBeNull();
  });

  it('is named __Host-device and Secure when PUBLIC_URL is https://', () => {
    let name = '';
    let secure: boolean | undefined;
    const res = {
      cookie: (cookieName: string, _value: string, options: { secure: boolean }) => ((name = cookieName), (secure = options.secure)),
    } as unknown as Response;
    new LoginLockoutService(recordingLimits().limits, { ...config, publicUrl: 'https://www.example.com' }).trustDevice(
      { secure: false } as Request,
      res,
      'admin-1',
      1,
    );
    expect({ name, secure }).toEqual({ name: '__Host-device', secure: true });
  });
});
