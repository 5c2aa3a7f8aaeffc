import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import proxyAddr from 'proxy-addr';

/** Which hops are trusted proxies: Express's compiled TRUST_PROXY (`app.get('trust proxy fn')`). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The client's address, certainly an IP: the one TRUST_PROXY's proxies forwarded (Express's way
 * of reading X-Forwarded-For) when `net.isIP` accepts it, else the socket's own. A forwarded header
 * of 300 characters or of no address at all thus cannot fail a request or choose what the limits,
 * sign-ins, activity and visitor counts record.
 */
export function addressOf(req: IncomingMessage, trust: TrustProxy): string {
  let ip: string | undefined;
  try {
    ip = proxyAddr(req, trust);
  } catch {
    ip = undefined;
  }
  return ip && isIP(ip) ? ip : (req.socket.remoteAddress ?? 'unknown');
}

/** Replaces `req.ip` by addressOf's answer; everything downstream reads `req.ip` as before. */
export function clientAddress(req: Request, _res: Response, next: NextFunction): void {
  const ip = addressOf(req, req.app.get('trust proxy fn') as TrustProxy);
  Object.defineProperty(req, 'ip', { value: ip, configurable: true, enumerable: true });
  next();
}

/**
 * The key an address counts under in the per-address limits: an IPv4 address as is, an IPv6
 * address by its /64, the block one subscriber holds (and may hop across freely). An IPv4
 * address written in IPv6 form (`::ffff:1.2.3.4`) counts as that IPv4 address.
 */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
