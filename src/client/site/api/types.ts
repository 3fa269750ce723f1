/**
 * Records as the public API returns them (spec §3). Only the fields the site reads are listed;
 * every text field may be null because staff can leave it empty.
 */
import type { GalleryType } from '../../../shared/entities/gallery';
import type { MenuLocation } from '../../../shared/limits';

type Text = string | null;

export interface SiteInfo {
  id: number;
  app_key: string;
  name: string;
  title: Text;
  description: Text;
  logo_header: Text;
  logo_footer: Text;
  email: Text;
  phone: Text;
  address: Text;
  web_url: Text;
  map_html: Text;
  copyright: Text;
  meta_title: Text;
}

export interface MenuItem {
  id: number;
  title: string;
  slug: Text;
  location: MenuLocation | null;
  shortcode: Text;
  hook: Text;
  parent_id: number | null;
  status: number;
}

export interface Slider {
  id: number;
  title: Text;
  sub_title: Text;
  description: Text;
  link_url: Text;
  thumb: Text;
  status: number;
}

export interface Widget {
  id: number;
  title: Text;
  sub_title: Text;
  content: Text;
  thumb: Text;
  link_url: Text;
}

export interface Section {
  id: number;
  template: Text;
  title: Text;
  sub_title: Text;
  content: Text;
  thumb: Text;
  background_img: Text;
  link_url: Text;
  widgets: Widget[];
}

/** What pages and posts share: a slug-addressed piece of HTML content. */
interface Article {
  id: number;
  slug: string;
  title: string;
  sub_title: Text;
  content: Text;
  thumb: Text;
}

export interface Page extends Article {
  banner_img: Text;
  sections: Section[];
}

export interface Post extends Article {
  meta_title: Text;
  created_at: Text;
}

export interface GalleryItem {
  id: number;
  type: GalleryType;
  /** An image address for images, the embed HTML for YouTube items. */
  file_url: Text;
  title: Text;
  alt_text: Text;
}

export interface Social {
  id: number;
  name: string;
  icon: Text;
  image: Text;
  link_url: Text;
  target: Text;
}

export interface Career {
  id: number;
  title: string;
  content: Text;
  thumb: Text;
  application_publish_at: Text;
  application_start_at: Text;
  application_end_at: Text;
}
