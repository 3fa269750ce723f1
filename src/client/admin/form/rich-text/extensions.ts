/**
 * What the rich-text editor can hold, one list for the editor on screen and for the headless
 * round trip that checks nothing would be lost (markup-loss.ts): text formatting, headings,
 * lists, quotes and links (StarterKit), images with alt text, tables, and embedded players and
 * maps (the frames the site's sanitiser admits).
 */
import { mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

const FRAME_ATTRIBUTES = ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder', 'style'] as const;

/** An `<iframe>` kept exactly as written (a YouTube player, a Google map): one block the editor moves as a whole. */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return Object.fromEntries(
      FRAME_ATTRIBUTES.map((name) => [name, { default: null, parseHTML: (element: HTMLElement) => element.getAttribute(name) }]),
    );
  },
  parseHTML() {
    return [{ tag: 'iframe[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes)];
  },
});

export const RICH_TEXT_EXTENSIONS = [
  // Links keep the target and rel they were written with; the editor adds none of its own.
  StarterKit.configure({ link: { openOnClick: false, HTMLAttributes: { target: null, rel: null } } }),
  // Inline, as images mostly are in real-world HTML (`<p><img></p>` stays just that).
  Image.configure({ inline: true, allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
  Embed,
];

/** `https://youtu.be/ID`, `…watch?v=ID` or an embed address → the player's embed address; undefined otherwise. */
export function youtubeEmbedUrl(input: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^www\./, '');
  const id =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? url.pathname.startsWith('/embed/')
          ? url.pathname.slice('/embed/'.length)
          : url.searchParams.get('v')
        : null;
  return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
}
