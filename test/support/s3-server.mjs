// An S3-compatible server for tests (s3rver, files in a temporary directory, one bucket), so the
// API tests, the browser suite, the replica test and the benchmarks can run with STORAGE=s3.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials; the app reads them through the AWS SDK's default chain. */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * Starts s3rver on a free loopback port (or `port`) with an empty bucket and answers the app's
 * environment for it (STORAGE=s3 …), and close(), which stops it and deletes its files.
 */
export async function startS3Server({ port = 0, bucket = 'photos' } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    port: address.port,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      ...S3_CREDENTIALS,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
