// The pure parts of configuration (server/config/env.ts, web-config.ts); loadConfig as a whole,
// with its data folder and secrets, is tested in test/checks/config.e2e-spec.ts.
import { describe, expect, it } from 'vitest';
import { ConfigError, integer, oneOf, text } from '../../server/config/env';
import { corsOrigins, publicUrl, sessionCookie, trustProxy } from '../../server/config/web-config';

/** The message of the ConfigError `parse` throws. */
function failure(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('env helpers', () => {
  it('reads an unset, empty or blank variable as unset, and trims a set one', () => {
    expect(text({}, 'X')).toBeUndefined();
    expect(text({ X: '  ' }, 'X')).toBeUndefined();
    expect(text({ X: ' a ' }, 'X')).toBe('a');
  });

  it('takes a whole number within its bounds, else names the variable and the bounds', () => {
    expect(integer({}, 'PAGE_SIZE', 10, 1, 100)).toBe(10);
    expect(integer({ PAGE_SIZE: '25' }, 'PAGE_SIZE', 10, 1, 100)).toBe(25);
    for (const raw of ['0', '101', '1.5', '-1', 'ten']) {
      expect(failure(() => integer({ PAGE_SIZE: raw }, 'PAGE_SIZE', 10, 1, 100))).toBe(
        `Invalid configuration: PAGE_SIZE must be a whole number from 1 to 100 (got "${raw}")`,
      );
    }
  });

  it('takes one of the allowed values, else lists them', () => {
    expect(oneOf({}, 'MODE', ['a', 'b'], 'a')).toBe('a');
    expect(oneOf({ MODE: 'b' }, 'MODE', ['a', 'b'], 'a')).toBe('b');
    expect(failure(() => oneOf({ MODE: 'c' }, 'MODE', ['a', 'b'], 'a'))).toBe('Invalid configuration: MODE must be one of a, b (got "c")');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default or when false, a hop count when a number, else passed to Express as written', () => {
    expect(trustProxy({})).toBe(false);
    expect(trustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(trustProxy({ TRUST_PROXY: '2' })).toBe(2);
    expect(trustProxy({ TRUST_PROXY: 'loopback, 10.0.0.0/8' })).toBe('loopback, 10.0.0.0/8');
  });

  it('refuses true, which lets every client choose its own address', () => {
    expect(failure(() => trustProxy({ TRUST_PROXY: 'true' }))).toMatch(/^Invalid configuration: TRUST_PROXY must not be "true"/);
  });
});

describe('CORS_ORIGINS', () => {
  it('reads bare origins, a trailing slash allowed', () => {
    expect(corsOrigins({ CORS_ORIGINS: 'https://a.example.com, https://b.example.com/' })).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
    expect(corsOrigins({})).toEqual([]);
  });

  it('refuses a path or something that is no URL', () => {
    expect(failure(() => corsOrigins({ CORS_ORIGINS: 'https://a.example.com/admin' }))).toMatch(/without paths/);
    expect(failure(() => corsOrigins({ CORS_ORIGINS: 'a.example.com' }))).toMatch(/comma-separated list of origins/);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to localhost on the port outside production, and is required in production', () => {
    expect(publicUrl({}, { required: false, port: 3100 })).toBe('http://localhost:3100');
    expect(failure(() => publicUrl({}, { required: true, port: 3000 }))).toMatch(/^Invalid configuration: PUBLIC_URL is required/);
  });

  it('takes an http(s) origin, a trailing slash allowed, and refuses a path or another scheme', () => {
    expect(publicUrl({ PUBLIC_URL: 'https://www.example.com/' }, { required: true, port: 3000 })).toBe('https://www.example.com');
    for (const raw of ['https://www.example.com/site', 'ftp://example.com', 'example.com']) {
      expect(failure(() => publicUrl({ PUBLIC_URL: raw }, { required: true, port: 3000 }))).toMatch(/must be the site's origin/);
    }
  });

  it('decides the session cookie: __Host-sid and Secure over https://, sid otherwise', () => {
    expect(sessionCookie('https://www.example.com')).toEqual({ name: '__Host-sid', secure: true });
    expect(sessionCookie('http://localhost:3000')).toEqual({ name: 'sid', secure: false });
  });
});
