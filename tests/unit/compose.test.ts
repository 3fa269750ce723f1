/**
 * compose.yaml (docs/operations.md, "Several instances") is valid YAML and wires what a cluster needs:
 * PostgreSQL, an S3-compatible store and its bucket, one build, two instances with the same
 * database, bucket and secret key that wait for all of them, and a proxy in front of both.
 */
import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config';

interface Service {
  image?: string;
  command?: string[] | string;
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
  configs?: { source: string; target: string }[];
  healthcheck?: { test: string[] };
}
const compose = parse(fs.readFileSync('compose.yaml', 'utf8')) as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
  volumes: Record<string, unknown>;
};
const { services } = compose;
const apps = ['app1', 'app2'].map((name) => services[name]!);

describe('compose.yaml', () => {
  it('has PostgreSQL, an S3 store, its bucket, a build, two instances and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'bucket', 'build', 'postgres', 's3', 'proxy'].sort());
    expect(services.postgres!.image).toMatch(/^postgres:/);
    expect(services.postgres!.healthcheck?.test).toContain('pg_isready');
    expect(services.s3!.image).toMatch(/minio/);
    expect(services.bucket!.entrypoint?.join(' ')).toContain('mc mb --ignore-existing store/orgsite');
    expect(services.build!.command).toEqual(['sh', '-c', 'npm ci && npm run build']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['postgres', 's3']);
  });

  it('gives both instances one database, one bucket and one secret key, read as the server reads them', () => {
    const [one, two] = apps.map((app) => app.environment!);
    expect(one).toEqual(two);
    const config = configFromEnv(one);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(config.storage).toMatchObject({
      kind: 's3',
      bucket: 'orgsite',
      prefix: 'site/',
      endpoint: 'http://s3:9000',
      forcePathStyle: true,
    });
    expect(config.secretKey).toBeTruthy();
    expect(config.trustProxy).toBe(1);
    expect(config.host).toBe('0.0.0.0');
    expect(one!.S3_SECRET_ACCESS_KEY).toBe(services.s3!.environment!.MINIO_ROOT_PASSWORD);
    expect(one!.S3_ACCESS_KEY_ID).toBe(services.s3!.environment!.MINIO_ROOT_USER);
    for (const app of apps) {
      expect(app.command).toEqual(['npm', 'start']);
      expect(app.depends_on).toEqual({
        build: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
      expect(app.healthcheck?.test.join(' ')).toContain('/readyz');
    }
  });

  it('puts nginx in front of both, never sending a request that reached one to the other', () => {
    const proxy = services.proxy!;
    expect(proxy.ports).toEqual(['8080:80']);
    expect(proxy.depends_on).toEqual(['app1', 'app2']);
    const nginx = compose.configs[proxy.configs![0]!.source]!.content;
    expect(nginx).toContain('server app1:3000');
    expect(nginx).toContain('server app2:3000');
    expect(nginx).toMatch(/proxy_next_upstream error timeout;/);
    expect(nginx).not.toContain('non_idempotent');
    // One hop, as TRUST_PROXY=1 says: the proxy replaces what the client sent.
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $$remote_addr;');
  });
});
