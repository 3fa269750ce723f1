/**
 * Records as the public API returns them (spec §3), derived from the entity definitions: a field
 * added to a definition is here too. Every optional field may be null because staff can leave it
 * empty; the public reads add the children a page or section shows.
 */
import type { Records } from '../../../shared/entities';

/**
 * A public record that names uploaded pictures carries their placeholders: from each address to a
 * tiny preview (a `data:` URI) drawn until the picture arrives; and the focal points of those that
 * have one, as CSS object-position (server/media/placeholders.ts).
 */
export interface WithPlaceholders {
  placeholders?: Record<string, string>;
  focal_points?: Record<string, string>;
}

/**
 * A record read in a locale (a site written in several): which locale each localized field's text
 * is in (`{title: 'bn', content: 'en'}`, the default's where no translation has it), and, read by
 * its slug, its slug in each language it is written in.
 */
export interface Localized {
  text_locales?: Record<string, string>;
  slugs?: Record<string, string>;
}

/** The site's settings, as GET /cms/applications/{key} answers them (without the owner's id). */
export type SiteInfo = Omit<Records['applications'], 'user_id'>;
export type MenuItem = Records['menus'];
export type Slider = Records['sliders'] & WithPlaceholders & Localized;
export type Widget = Records['widgets'] & WithPlaceholders & Localized;
export type Section = Records['sections'] & WithPlaceholders & Localized & { widgets: Widget[] };
export type Page = Records['pages'] & WithPlaceholders & Localized & { sections: Section[] };
export type Post = Records['posts'] & WithPlaceholders & Localized;
export type GalleryItem = Records['gallery'] & WithPlaceholders & Localized;
export type Social = Records['socials'];
export type Career = Records['careers'] & Localized;
/** A form staff built, as visitors read it (its notify addresses are staff's). */
export type BuiltFormRecord = Omit<Records['forms'], 'notify_emails'> & Localized;
export type PostCategory = Records['post-categories'] & Localized;
