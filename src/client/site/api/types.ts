/**
 * Records as the public API returns them (spec §3), derived from the entity definitions: a field
 * added to a definition is here too. Every optional field may be null because staff can leave it
 * empty; the public reads add the children a page or section shows.
 */
import type { Records } from '../../../shared/entities';

/** The site's settings, as GET /cms/applications/{key} answers them (without the owner's id). */
export type SiteInfo = Omit<Records['applications'], 'user_id'>;
export type MenuItem = Records['menus'];
export type Slider = Records['sliders'];
export type Widget = Records['widgets'];
export type Section = Records['sections'] & { widgets: Widget[] };
export type Page = Records['pages'] & { sections: Section[] };
export type Post = Records['posts'];
export type GalleryItem = Records['gallery'];
export type Social = Records['socials'];
export type Career = Records['careers'];
