/**
 * A sign-in's address as an office manager reads it: "This computer" for loopback, "Local
 * network" for the private ranges (RFC 1918, IPv6 unique-local and link-local), each with the
 * address itself beside it; any other address as it is.
 */
export function addressName(address: string): string {
  // An IPv4 address the server saw through an IPv6 socket: ::ffff:192.168.1.5.
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isLoopback(plain)) return `This computer (${address})`;
  if (isPrivate(plain)) return `Local network (${address})`;
  return address;
}

function octets(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

function isLoopback(address: string): boolean {
  if (address === '::1') return true;
  return octets(address)?.[0] === 127;
}

function isPrivate(address: string): boolean {
  const ip = octets(address);
  if (ip) {
    const [a, b] = ip;
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  // fc00::/7 (unique local) and fe80::/10 (link-local).
  return /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address);
}
