/** docs/flows/ holds each flow's diagram as its machine now draws it (`npm run flows:docs` writes them). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flowPage, flowsIndex, mermaidOf } from './diagram';
import { FLOWS } from './flows';
import { loginMachine } from './login';

describe('flow diagrams in docs/flows', () => {
  it.each(FLOWS.map((flow) => [flow.name, flow] as const))('%s.md is current', (name, flow) => {
    const page = fs.readFileSync(`docs/flows/${name}.md`, 'utf8');
    expect(page, `docs/flows/${name}.md is older than machines/${name}.ts: run npm run flows:docs`).toBe(flowPage(flow));
  });

  it('the index names every flow', () => {
    expect(fs.readFileSync('docs/flows/README.md', 'utf8')).toBe(flowsIndex(FLOWS));
  });

  it('draws states, the initial one, final ones, events and guards', () => {
    const diagram = mermaidOf(loginMachine);
    expect(diagram).toContain('[*] --> editing');
    expect(diagram).toContain('editing --> signingIn: form.submit');
    expect(diagram).toContain('editing --> editing: form.submit [hasMissingFields]');
    expect(diagram).toContain('signingIn --> codeEntry: signIn failed [asksForCode]');
    expect(diagram).toContain('signedIn --> [*]');
  });
});
