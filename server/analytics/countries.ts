import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

/** The geo-whois-asn-country database's record: the country's ISO code alone. */
type CountryRecord = Response & { country_code?: string };

/**
 * Addresses that name no place: loopback, private, link-local, carrier-grade NAT, unique-local
 * IPv6. The database has no country for them either; checked here so that a test's or a proxy's
 * address never costs a lookup.
 */
const LOCAL =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|0\.|::1$|::$|f[cd]|fe[89ab])/i;

/**
 * A visitor's country from their address, by the bundled CC0 geo-whois-asn-country database
 * (@ip-location-db/geo-whois-asn-country-mmdb, in the image's production node_modules), read
 * with maxmind's reader: loaded once from the package, nothing downloaded at run time. The
 * address itself goes no further than this lookup.
 */
export class CountryLookup {
  private readonly reader: Reader<CountryRecord>;

  constructor() {
    const require = createRequire(__filename);
    const folder = dirname(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'));
    this.reader = new Reader<CountryRecord>(readFileSync(join(folder, 'geo-whois-asn-country.mmdb')));
  }

  /** The ISO 3166 code (`DE`), or '' for a local address or one the database does not place. */
  country(address: string): string {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const ip = mapped ? mapped[1] : address;
    if (isIP(ip) === 0 || LOCAL.test(ip)) return '';
    try {
      return this.reader.get(ip)?.country_code ?? '';
    } catch {
      return '';
    }
  }
}
