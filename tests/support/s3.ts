import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The S3_* settings that point the portal at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 API on loopback (s3rver, objects in a temp folder) with one bucket, so the portal's
 * S3 store is exercised over HTTP with the AWS SDK exactly as against a real service.
 */
export async function startLocalS3(bucket = 'hostel-photos'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hcp-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development keys.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
