import { ConfigError, parsedUrl, text, type Env } from './env';

/*
 * Who the app is on the web: the origin its links start with (PUBLIC_URL), the proxies whose
 * forwarded addresses it believes (TRUST_PROXY) and the other origins it answers (CORS_ORIGINS).
 */

/** TRUST_PROXY as Express's `trust proxy` setting takes it: false, a hop count, or addresses, subnets and names. */
export function trustProxy(env: Env): boolean | number | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') {
    // Express would then take the left-most X-Forwarded-For entry, which the client writes itself.
    throw new ConfigError(
      'TRUST_PROXY',
      'must not be "true": every client could then choose its own address (and so its rate limits); give the number of proxies in front (e.g. 1), their addresses or subnets, or "loopback"',
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  // Express also accepts addresses, subnets and names such as "loopback".
  return raw;
}

export function corsOrigins(env: Env): string[] {
  const raw = text(env, 'CORS_ORIGINS');
  if (raw === undefined) return [];
  return raw.split(',').map((origin) => {
    const trimmed = origin.trim();
    const url = parsedUrl(trimmed);
    if (!url) {
      throw new ConfigError('CORS_ORIGINS', `must be a comma-separated list of origins such as https://example.com (got "${trimmed}")`);
    }
    if (url.origin === 'null' || url.origin !== trimmed.replace(/\/$/, '')) {
      throw new ConfigError('CORS_ORIGINS', `must list bare origins without paths (got "${trimmed}")`);
    }
    return url.origin;
  });
}

/**
 * PUBLIC_URL: the origin every absolute link the app writes starts with (mails, the feed, the
 * sitemap, canonical links, the setup link), never a request's Host header, which
 * the client writes. Required in production; elsewhere `http://localhost:PORT`. `required: false`
 * for the command-line tools, which write no links.
 */
export function publicUrl(env: Env, { required, port }: { required: boolean; port: number }): string {
  const raw = text(env, 'PUBLIC_URL');
  if (raw === undefined) {
    if (required) {
      throw new ConfigError(
        'PUBLIC_URL',
        "is required when NODE_ENV=production: the site's public origin, such as https://www.example.com (every link the app writes starts with it)",
      );
    }
    return `http://localhost:${port}`;
  }
  const url = parsedUrl(raw);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/$/, '').toLowerCase()) {
    throw new ConfigError('PUBLIC_URL', `must be the site's origin, such as https://example.com, without a path (got "${raw}")`);
  }
  return url.origin;
}

/** What the session cookie is called and whether it is Secure: one rule for setting and clearing it. */
export interface SessionCookie {
  name: string;
  secure: boolean;
}

/**
 * With an https:// PUBLIC_URL the site is served over TLS (perhaps by a proxy in front, the app
 * itself seeing plain HTTP): the cookie is `__Host-sid`, Secure, `Path=/` and without `Domain`, so
 * no other host, and no page over plain HTTP, can set or overwrite it. With an http:// one (a trial
 * on one machine) it is `sid`, Secure only on a request that itself came over HTTPS.
 */
export function sessionCookie(publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith('https://');
  return { name: secure ? '__Host-sid' : 'sid', secure };
}
