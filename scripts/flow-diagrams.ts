/**
 * `npm run flows:docs`: writes each flow's diagram page to docs/flows/<name>.md, and the index of
 * them to docs/flows/README.md, from the machines themselves (machines/diagram.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { flowPage, flowsIndex } from '../machines/diagram';
import { FLOWS } from '../machines/flows';

const dir = path.resolve('docs/flows');
fs.mkdirSync(dir, { recursive: true });
for (const flow of FLOWS) fs.writeFileSync(path.join(dir, `${flow.name}.md`), flowPage(flow));
fs.writeFileSync(path.join(dir, 'README.md'), flowsIndex(FLOWS));
console.log(`Wrote ${FLOWS.length} flow pages and their index to ${path.relative(process.cwd(), dir)}/`);
