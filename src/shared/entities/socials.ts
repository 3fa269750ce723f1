import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

export const LINK_TARGETS = ['_blank', '_self', '_parent', '_top'] as const;

export const socials = defineEntity({
  resource: 'socials',
  admin: { group: 'Site' },
  hooks: 'site-id',
  adminPath: 'social',
  title: 'Socials',
  formTitle: 'Social',
  public: { list: { size: LIMITS.maxPageSize } },
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, searchable: true }),
    icon: f.text('Icon', {
      address: true,
      max: 2048,
      hint: 'An image address or an icon name such as facebook, youtube, linkedin',
    }),
    image: f.image('Image'),
    link_url: f.url('Link URL', { searchable: true }),
    target: f.select('Target', { default: '_blank', choices: LINK_TARGETS.map((t) => ({ value: t, label: t })) }),
    status: f.status(),
    app_id: f.number('App Id', { readOnly: true }),
  },
  columns: [
    { label: 'Name', field: 'name' },
    { label: 'Icon', field: 'icon', empty: '--' },
    { label: 'Link URL', field: 'link_url', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
