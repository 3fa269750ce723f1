/**
 * Shape of the demo content the first start seeds. Relations are expressed by nesting (a page's
 * sections, a section's widgets, a category's posts, a menu's children) so the data file never
 * mentions database ids. Field names are those of src/shared/entities; images are referenced as
 * `/uploads/<file>` where <file> is a file of ./images (the seeder copies them into UPLOAD_DIR).
 */
import type { ENTITIES, InputOf } from '../../../shared/entities';

/** What a demo record may say: the entity's writable fields, and a backdated creation time. */
type Demo<N extends keyof typeof ENTITIES> = InputOf<(typeof ENTITIES)[N]> & { created_at?: string };

export type DemoWidget = Demo<'widgets'>;
export type DemoSection = Demo<'sections'>;
export interface DemoSectionTree {
  section: DemoSection;
  widgets: DemoWidget[];
}
export interface DemoPageTree {
  page: Demo<'pages'>;
  sections: DemoSectionTree[];
}
export interface DemoCategoryTree {
  category: Demo<'post-categories'>;
  posts: Demo<'posts'>[];
  children: DemoCategoryTree[];
}
export interface DemoMenuTree {
  menu: Demo<'menus'>;
  children: DemoMenuTree[];
}

export interface DemoContent {
  /** Application fields (app_key is supplied by the seeder). */
  application: Demo<'applications'>;
  /** Home sections: seeded with is_top = 1 and no page. */
  homeSections: DemoSectionTree[];
  pages: DemoPageTree[];
  sliders: Demo<'sliders'>[];
  categories: DemoCategoryTree[];
  menus: DemoMenuTree[];
  gallery: Demo<'gallery'>[];
  socials: Demo<'socials'>[];
  faqs: Demo<'faqs'>[];
  careers: Demo<'careers'>[];
  profiles: Demo<'profiles'>[];
  /** The site's text in its other languages. */
  translations: DemoTranslations[];
}

/** A localized field's text, by field name. */
type Text = Record<string, string>;

/**
 * The site in one of its other languages, keyed by what finds each record: a page's or post's
 * slug, a section's or widget's name, a slide's English title; a menu entry's English title gives its title;
 * the site settings are the site's own.
 */
export interface DemoTranslations {
  locale: string;
  /** The site settings' words visitors read (name, tagline, description, address, copyright). */
  application: Text;
  pages: Record<string, Text>;
  sections: Record<string, Text>;
  /** A section's cards, by their name. */
  widgets: Record<string, Text>;
  sliders: Record<string, Text>;
  menus: Record<string, string>;
  posts: Record<string, Text>;
  /** Gallery items, by their English title. */
  gallery: Record<string, Text>;
  /** Post categories, by their English name (the news page's filter shows them). */
  categories: Record<string, Text>;
}
