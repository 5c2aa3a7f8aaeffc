import { ConfigError, integer, oneOf, parsedUrl, text, type Env } from './env';

/* The CDN or caching proxy in front of the public site (server/cdn/): what it may keep, and where purges go. */

export const CDN_PROVIDERS = ['none', 'cloudflare', 'fastly', 'varnish', 'nginx'] as const;
export type CdnProvider = (typeof CDN_PROVIDERS)[number];

export interface CdnConfig {
  provider: Exclude<CdnProvider, 'none'>;
  /** CDN_MAX_AGE: the seconds a cache may keep a public page (s-maxage); purges end it sooner. */
  maxAge: number;
  /** CDN_PURGE_URL: where Varnish or nginx take PURGE requests (varnish, nginx). */
  purgeUrl: string | undefined;
  /** CDN_API_TOKEN: Cloudflare's API token or Fastly's key; never logged or answered. */
  apiToken: string | undefined;
  /** CDN_ZONE: Cloudflare's zone id. */
  zone: string | undefined;
  /** CDN_SERVICE: Fastly's service id. */
  service: string | undefined;
  /** CDN_API_URL: the provider's API, its public one unless a test points it at a stand-in. */
  apiUrl: string;
}

const PUBLIC_APIS: Record<'cloudflare' | 'fastly', string> = {
  cloudflare: 'https://api.cloudflare.com/client/v4',
  fastly: 'https://api.fastly.com',
};

function httpUrl(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  const url = parsedUrl(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(name, `must be an http:// or https:// URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

/** What `provider` cannot work without, by the variable that is missing. */
function required(env: Env, provider: CdnProvider, names: string[]): void {
  for (const name of names) {
    if (text(env, name) === undefined) throw new ConfigError(name, `is required when CDN=${provider}`);
  }
}

/** CDN and its settings; undefined for CDN=none (the default): the pages then say what they said before. */
export function cdn(env: Env): CdnConfig | undefined {
  const provider = oneOf(env, 'CDN', CDN_PROVIDERS, 'none');
  if (provider === 'none') return undefined;
  if (provider === 'cloudflare') required(env, provider, ['CDN_API_TOKEN', 'CDN_ZONE']);
  if (provider === 'fastly') required(env, provider, ['CDN_API_TOKEN', 'CDN_SERVICE']);
  if (provider === 'varnish' || provider === 'nginx') required(env, provider, ['CDN_PURGE_URL']);
  return {
    provider,
    maxAge: integer(env, 'CDN_MAX_AGE', 86_400, 1, 31_536_000),
    purgeUrl: httpUrl(env, 'CDN_PURGE_URL'),
    apiToken: text(env, 'CDN_API_TOKEN'),
    zone: text(env, 'CDN_ZONE'),
    service: text(env, 'CDN_SERVICE'),
    apiUrl: httpUrl(env, 'CDN_API_URL') ?? (provider === 'cloudflare' || provider === 'fastly' ? PUBLIC_APIS[provider] : ''),
  };
}
