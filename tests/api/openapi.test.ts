/**
 * The served OpenAPI document, as API consumers' own tools read it: Redocly's `recommended` rules
 * and Spectral's `spectral:oas` ruleset find nothing, and every operation carries what a client
 * generator needs (a stable operationId, a summary, a tag, its security, its answers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import { redoclyFindings, spectralFindings } from '../support/openapi-lint';
import { startTestApp, type TestApp } from './harness';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: unknown }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; servers?: unknown[] };

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    doc = (await t.app.inject({ method: 'GET', url: '/cms/docs/json' })).json();
  });
  afterAll(() => t?.close());

  it('is clean under Redocly recommended and Spectral oas: no error, no warning', async () => {
    expect(await redoclyFindings(doc)).toEqual([]);
    expect(await spectralFindings(doc)).toEqual([]);
  });

  it('would be flagged by both tools if an operation lost its id, summary and answers', async () => {
    const broken = structuredClone(doc);
    const op = broken.paths['/cms/api/posts']!.get!;
    delete op.operationId;
    delete op.summary;
    delete op.description;
    op.responses = {};
    const redocly = (await redoclyFindings(broken)).map((f) => f.rule);
    const spectral = (await spectralFindings(broken)).map((f) => f.rule);
    expect(redocly).toEqual(expect.arrayContaining(['operation-summary', 'operation-operationId']));
    expect(spectral).toEqual(
      expect.arrayContaining(['operation-operationId', 'operation-description', 'operation-success-response']),
    );
  });

  it('gives every operation a unique stable id, a summary, a tag, its security, a 2xx schema and its errors', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(250);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][\w.-]+$/i);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      expect(op.security, where).toBeDefined();
      const success = Object.entries(op.responses).find(([code]) => code.startsWith('2'));
      expect(success, `${where} 2xx`).toBeDefined();
      // A 204 has no body by definition (the analytics beacon's answer); every other success has its schema.
      if (success![0] !== '204') expect(success![1].content, `${where} 2xx schema`).toBeDefined();
      expect(
        Object.keys(op.responses).some((code) => code.startsWith('4')),
        `${where} 4xx`,
      ).toBe(true);
    }
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toHaveLength(1);
  });

  it('names operations by resource and action, and says who may call them', () => {
    const posts = doc.paths['/cms/api/posts']!;
    expect(posts.get!.operationId).toBe('posts.list');
    expect(posts.post!.operationId).toBe('posts.create');
    const post = doc.paths['/cms/api/posts/{id}']!;
    expect([post.get!.operationId, post.put!.operationId, post.delete!.operationId]).toEqual([
      'posts.get',
      'posts.update',
      'posts.delete',
    ]);
    expect(post.put!.security).toEqual([{ bearer: [], appKey: [] }]);
    expect(post.put!.description).toContain('author (own records only)');
    expect(post.put!.responses['409']?.$ref).toBe('#/components/responses/Conflict');
    expect(doc.paths['/cms/pages/{slug}']!.get!.security).toEqual([{ appKey: [] }]);
    expect(doc.paths['/cms/api/login']!.post!.security).toEqual([]);
    expect(doc.paths['/cms/api/me']!.get!.security).toEqual([{ bearer: [] }]);
    for (const def of Object.values(ENTITIES)) {
      expect(
        operationsOf(doc).some(({ op }) => op.operationId === `${def.resource}.list`),
        def.resource,
      ).toBe(true);
    }
  });

  it('says which formats a date-time takes', () => {
    const body = doc.paths['/cms/api/posts']!.post!.requestBody!.content['application/json']!.schema as {
      properties: Record<string, { anyOf: { anyOf?: { pattern?: string; format?: string }[] }[] }>;
    };
    const forms = JSON.stringify(body.properties.publish_at);
    expect(forms).toContain('"format":"date-time"');
    expect(forms).toContain('ISO 8601 with Z or an offset');
    expect(forms).toContain('YYYY-MM-DD HH:mm:ss, read as UTC');
  });
});
