// Types of build-steps.mjs for the TypeScript that imports it (its tests).
import type { Writable } from 'node:stream';

export const WARNING_LINE: RegExp;
export function runStep(
  title: string,
  command: string,
  args: readonly string[],
  options?: { quiet?: boolean; log?: string; out?: Writable & { isTTY?: boolean }; env?: NodeJS.ProcessEnv },
): Promise<void>;
