/**
 * A real S3-protocol server for the tests (s3rver: the S3 REST API over HTTP, objects kept in a
 * folder), started on a free port of 127.0.0.1 with one bucket. Our S3 driver talks to it exactly as
 * it talks to AWS, MinIO or Garage: signed requests, XML answers, ranges, multi-object deletes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { parseS3Url } from '../../src/server/storage/s3';
import type { StorageSettings } from '../../src/server/config';

export const S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings of a store under `prefix` in the bucket. */
  settings(prefix: string): StorageSettings;
  /** The same as environment variables (for `npm start` and the command line). */
  env(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'orgsite-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (prefix: string) => ({
    STORAGE_URL: `s3://${bucket}/${prefix}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_KEY.id,
    S3_SECRET_ACCESS_KEY: S3_KEY.secret,
    S3_FORCE_PATH_STYLE: 'true',
  });
  return {
    endpoint,
    bucket,
    env,
    settings: (prefix) => ({
      kind: 's3',
      ...parseS3Url(`s3://${bucket}/${prefix}`),
      endpoint,
      region: 'us-east-1',
      accessKeyId: S3_KEY.id,
      secretAccessKey: S3_KEY.secret,
      forcePathStyle: true,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
