import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

export const GALLERY_TYPES = ['image', 'youtube_embedded'] as const;
export type GalleryType = (typeof GALLERY_TYPES)[number];

export const gallery = defineEntity({
  resource: 'gallery',
  admin: { group: 'Media' },
  title: 'Gallery Options',
  formTitle: 'Gallery Setting',
  public: { list: { size: LIMITS.maxPageSize } },
  labelField: 'title',
  order: [
    { field: 'sort_order', dir: 'asc' },
    { field: 'id', dir: 'desc' },
  ],
  fields: {
    type: f.select('Type', {
      default: 'image',
      choices: [
        { value: 'image', label: 'Image' },
        { value: 'youtube_embedded', label: 'YouTube (embed code)' },
      ],
    }),
    title: f.text('Title', { localized: true, searchable: true }),
    content: f.textarea('Content', { localized: true, rows: 3 }),
    file_url: f.image('File', {
      max: 5_000,
      hint: 'For an image, pick or paste its address; for YouTube, paste the embed code',
    }),
    alt_text: f.text('Alt Text', { localized: true }),
    sort_order: f.number('Sort Order', { min: 0, default: 0 }),
    status: f.status(),
  },
  columns: [
    { label: 'Title', field: 'title', truncate: LIMITS.truncate.adminGallery, empty: '--' },
    { label: 'Type', field: 'type' },
  ],
});
