/**
 * Shape of the demo content the first start seeds. Relations are expressed by nesting (a page's
 * sections, a section's widgets, a category's posts, a menu's children) so the data file never
 * mentions database ids. Field names are those of src/shared/entities; images are referenced as
 * `/uploads/<file>` where <file> is a file of ./images (the seeder copies them into UPLOAD_DIR).
 */
type Row = Record<string, string | number | null>;

export interface DemoWidget extends Row {}
export interface DemoSection extends Row {}
export interface DemoSectionTree {
  section: DemoSection;
  widgets: DemoWidget[];
}
export interface DemoPageTree {
  page: Row;
  sections: DemoSectionTree[];
}
export interface DemoCategoryTree {
  category: Row;
  posts: Row[];
  children: DemoCategoryTree[];
}
export interface DemoMenuTree {
  menu: Row;
  children: DemoMenuTree[];
}

export interface DemoContent {
  /** Application fields (app_key is supplied by the seeder). */
  application: Row;
  /** Home sections: seeded with is_top = 1 and no page. */
  homeSections: DemoSectionTree[];
  pages: DemoPageTree[];
  sliders: Row[];
  categories: DemoCategoryTree[];
  menus: DemoMenuTree[];
  gallery: Row[];
  socials: Row[];
  faqs: Row[];
  careers: Row[];
  profiles: Row[];
}
