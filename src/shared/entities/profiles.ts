import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

export const profiles = defineEntity({
  resource: 'profiles',
  adminPath: 'profile',
  title: 'Profiles',
  formTitle: 'Profile',
  public: { list: { size: LIMITS.maxPageSize } },
  labelField: 'name',
  order: [
    { field: 'sort_order', dir: 'asc' },
    { field: 'id', dir: 'asc' },
  ],
  slug: { field: 'slug', from: 'name' },
  fields: {
    name: f.text('Name', { localized: true, required: true, searchable: true }),
    title: f.text('Title', { localized: true, searchable: true }),
    designation: f.text('Designation', { localized: true, searchable: true }),
    slug: f.text('Slug', { searchable: true, unique: true, hint: 'Left empty, it is made from the name' }),
    profile_image: f.image('Profile Image'),
    signature_thumb: f.image('Signature', { pickerLabel: 'Select Signature' }),
    biography_content: f.html('Biography', { localized: true }),
    spech_content: f.html('Speech', { localized: true }),
    social_links: f.textarea('Social Links', { rows: 3, hint: 'One link per line' }),
    sort_order: f.number('Sort Order', { min: 0, default: 1 }),
    status: f.status(),
  },
  columns: [
    { label: 'Name', field: 'name' },
    { label: 'Designation', field: 'designation', empty: '--' },
    { label: 'Order', field: 'sort_order' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
