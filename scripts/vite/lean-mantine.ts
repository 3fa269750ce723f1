/**
 * Some of Mantine's parts import a whole library module for one small thing, and every signed-in
 * back-office screen has them; the build gives them the small thing instead:
 * - ScrollArea takes the hook `useMergeRefs` from @floating-ui/react, which is one file: a screen
 *   with a scroll area downloaded all of it (about 15 KB of gzip, the positioning engine of menus
 *   and popovers). Mantine's own hooks have the same hook.
 * - AppShell's header, footer and aside take a class name from react-remove-scroll (4 KB with its
 *   scroll-locking code); the name is a constant of react-remove-scroll-bar, which that library
 *   reads too, so a modal that does lock the scroll still finds the header by it.
 * - Table.ScrollContainer draws a ScrollArea (5 KB) unless told `type="native"`, so every screen
 *   with a table downloaded it. Here it scrolls natively, as a phone expects; asking for the
 *   ScrollArea says where that went instead of drawing something else.
 * If Mantine changes one of these lines, the build fails saying so rather than quietly keeping the weight.
 */
import type { Plugin } from 'vite';

const REWRITES: { file: RegExp; replace: [from: string, to: string][] }[] = [
  {
    file: /components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    replace: [
      [
        'import { useMergeRefs } from "@floating-ui/react";',
        'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
      ],
    ],
  },
  {
    file: /components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\1\.mjs$/,
    replace: [
      [
        'import { RemoveScroll } from "react-remove-scroll";',
        'import { zeroRightClassName } from "react-remove-scroll-bar/constants";\nconst RemoveScroll = { classNames: { zeroRight: zeroRightClassName } };',
      ],
    ],
  },
  {
    file: /components[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    replace: [
      [
        'import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";',
        'const ScrollArea = () => { throw new Error(\'Table.ScrollContainer type="scrollarea" is left out of this build: it scrolls natively (scripts/vite/lean-mantine.ts)\'); };',
      ],
      ['const defaultProps = { type: "scrollarea" };', 'const defaultProps = { type: "native" };'],
    ],
  },
];

export function leanMantine(): Plugin {
  return {
    name: 'orgsite:lean-mantine',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('@mantine')) return undefined;
      const rewrite = REWRITES.find((r) => r.file.test(id));
      if (!rewrite) return undefined;
      let out = code;
      for (const [from, to] of rewrite.replace) {
        if (!out.includes(from)) this.error(`${id} no longer has \`${from}\`: see scripts/vite/lean-mantine.ts`);
        out = out.replace(from, to);
      }
      return out;
    },
  };
}
