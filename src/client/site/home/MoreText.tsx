import { VisuallyHidden } from '../ui';

/**
 * 'See more' / 'Learn more' with what it is about, for screen readers and search engines: a bare
 * "Learn more" repeated on a page says nothing about where each link goes.
 */
export function MoreText({ label, about, aboutLang }: { label: string; about?: string | null; aboutLang?: { lang?: string } }) {
  return (
    <>
      {label}
      {about ? <VisuallyHidden {...aboutLang}>{`: ${about}`}</VisuallyHidden> : null}
    </>
  );
}
