/** Fills a catalogue text's `{{name}}` variables (i18next's format); an unknown name stays as written. */
export const interpolate = (text: string, vars?: Record<string, unknown>) =>
  vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
