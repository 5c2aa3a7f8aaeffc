import { describe, expect, it } from 'vitest';
import { archiveArguments, archiveKeyProblem, archiveSignature, signatureMatches } from '../../server/cli/site-archive';

const KEY = 'an-archive-key-of-at-least-32-characters';
const manifest = Buffer.from('{"format":"company-site-archive"}\n');
const checksums = Buffer.from('{"rows":{},"chunks":{},"photos":{}}\n');
const file = (signature: unknown) => Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', signature }));

describe('archive signature', () => {
  it('is HMAC-SHA256 under the key, and matches only the same key and bytes', () => {
    const signature = archiveSignature(KEY, manifest, checksums);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(archiveSignature(KEY, manifest, checksums)).toBe(signature);
    expect(signatureMatches(KEY, manifest, checksums, file(signature))).toBe(true);
    expect(signatureMatches(`${KEY}!`, manifest, checksums, file(signature))).toBe(false);
    expect(signatureMatches(KEY, Buffer.from(`${manifest} `), checksums, file(signature))).toBe(false);
    expect(signatureMatches(KEY, manifest, Buffer.from(`${checksums} `), file(signature))).toBe(false);
  });

  it('cannot be kept by moving bytes from the manifest to the checksums', () => {
    const moved = archiveSignature(KEY, manifest.subarray(0, -1), Buffer.concat([manifest.subarray(-1), checksums]));
    expect(moved).not.toBe(archiveSignature(KEY, manifest, checksums));
  });

  it('refuses a signature file that is not one, never throwing', () => {
    for (const bad of [Buffer.from('not json'), Buffer.from('null'), file(42), file('abc'), file('A'.repeat(64))]) {
      expect(signatureMatches(KEY, manifest, checksums, bad)).toBe(false);
    }
  });
});

describe('archive command arguments', () => {
  it('take the file and --key KEY or --key=KEY, in any order, and nothing else', () => {
    expect(archiveArguments(['site.tar.gz'])).toEqual({ file: 'site.tar.gz', key: undefined });
    expect(archiveArguments(['--key', KEY, 'site.tar.gz'])).toEqual({ file: 'site.tar.gz', key: KEY });
    expect(archiveArguments(['site.tar.gz', `--key=${KEY}`])).toEqual({ file: 'site.tar.gz', key: KEY });
    for (const args of [[], ['--help'], ['a.tar.gz', 'b.tar.gz'], ['--force', 'a.tar.gz'], ['a.tar.gz', '--key']]) {
      expect(archiveArguments(args)).toBeNull();
    }
  });

  it('need a key of at least 32 characters', () => {
    expect(archiveKeyProblem(undefined)).toMatch(/^Give the archive key: --key KEY, or ARCHIVE_KEY/);
    expect(archiveKeyProblem('short')).toBe('The archive key must be at least 32 characters long.');
    expect(archiveKeyProblem(KEY)).toBeUndefined();
  });
});
