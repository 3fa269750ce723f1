/**
 * The OpenAPI document through the tools API consumers run on it: Redocly's `recommended` rules
 * and Spectral's `spectral:oas` ruleset, as their own libraries apply them.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

export interface Finding {
  tool: 'redocly' | 'spectral';
  rule: string;
  severity: 'error' | 'warning';
  where: string;
  message: string;
}

export async function redoclyFindings(document: object): Promise<Finding[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems
    .filter((p) => p.severity === 'error' || p.severity === 'warn')
    .map((p) => ({
      tool: 'redocly',
      rule: p.ruleId,
      severity: p.severity === 'error' ? 'error' : 'warning',
      where: p.location[0]?.pointer ?? '',
      message: p.message,
    }));
}

/** Spectral severities: 0 error, 1 warning (2 information and 3 hint are not findings). */
export async function spectralFindings(document: object): Promise<Finding[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const results = await spectral.run(new Document(JSON.stringify(document, null, 1), parsers.Json, 'openapi.json'));
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      tool: 'spectral',
      rule: String(r.code),
      severity: r.severity === 0 ? 'error' : 'warning',
      where: r.path.join('/'),
      message: r.message,
    }));
}
