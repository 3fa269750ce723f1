/** Small builders that keep the demo data files about copy rather than repeated boilerplate. */
import type { DemoPageTree, DemoSectionTree, DemoWidget } from '../types';

type Text = string | null;

export interface PageCopy {
  slug: string;
  title: string;
  sub_title: string;
  /** Short plain-text summary; also used as the meta description. */
  description: string;
  content: string;
  thumb: string;
  banner_img?: Text;
  page_template?: 'default' | 'publications' | 'programs' | 'annual_reports' | 'program';
  tags?: Text;
}

/** A published page: its name is the slug, its meta description its summary. */
export function page(copy: PageCopy, sections: DemoSectionTree[] = []): DemoPageTree {
  return {
    page: {
      name: copy.slug,
      title: copy.title,
      sub_title: copy.sub_title,
      slug: copy.slug,
      description: copy.description,
      content: copy.content,
      page_template: copy.page_template ?? 'default',
      thumb: copy.thumb,
      banner_img: copy.banner_img ?? null,
      tags: copy.tags ?? null,
      meta_key: null,
      meta_description: copy.description,
      status: 1,
    },
    sections,
  };
}

/** A page section (sort_order follows the array order) with its widget cards. */
export function sections(
  list: {
    name: string;
    title: string;
    sub_title: string;
    content: string;
    thumb?: Text;
    link_url?: Text;
    widgets: DemoWidget[];
  }[],
): DemoSectionTree[] {
  return list.map(({ widgets, ...section }, i) => ({
    section: { thumb: null, link_url: null, ...section, template: 'default', sort_order: i + 1 },
    widgets,
  }));
}

/** A widget card; `name` is derived from the title. */
export function card(title: string, sub_title: string, content: string, thumb: Text, link_url: Text = null): DemoWidget {
  const name = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { name, title, sub_title, content, thumb, link_url };
}
