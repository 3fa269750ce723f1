import { defineEntity, f } from './define';
import { BACK_OFFICE_LANGUAGES } from '../locales';

/**
 * The roles an account can hold (../rights.ts says what each may do). They live with the users
 * definition, which stores them, so the public bundle's registry carries them without pulling
 * admin code along.
 */
export const ROLES = ['admin', 'editor', 'author', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_CHOICES = [
  { value: 'admin', label: 'Admin: everything, users and sites included' },
  { value: 'editor', label: 'Editor: all content, media, messages and subscribers of their sites' },
  { value: 'author', label: 'Author: writes posts, uploads media, reads the rest' },
  { value: 'viewer', label: 'Viewer: reads only' },
] as const satisfies readonly { value: Role; label: string }[];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * Staff accounts. They are not scoped to one application: an admin works on every site, anyone
 * else on the sites listed in `sites`. What each role may do is in ../rights.ts.
 */
/** Each named in itself, as a language menu names them. */
const BACK_OFFICE_LANGUAGE_NAMES: Record<(typeof BACK_OFFICE_LANGUAGES)[number], string> = { en: 'English', bn: 'বাংলা' };

export const users = defineEntity({
  resource: 'users',
  admin: { group: 'People' },
  hooks: 'users',
  title: 'Users',
  formTitle: 'User',
  tenant: false,
  labelField: 'email',
  fields: {
    name: f.text('Name', { searchable: true }),
    firstname: f.text('First Name', { searchable: true }),
    lastname: f.text('Last Name', { searchable: true }),
    email: f.email('Email', { required: true, searchable: true, unique: true }),
    phone: f.digits('Phone', { searchable: true }),
    phone_verified_at: f.text('Phone Verified At', { readOnly: true }),
    address: f.textarea('Address', { rows: 2 }),
    national_id_no: f.digits('National ID No'),
    dob: f.date('Date of Birth'),
    gender: f.select('Gender', {
      choices: [
        { value: 'male', label: 'Male' },
        { value: 'female', label: 'Female' },
      ],
    }),
    // No invitation exists: a new user's password is set here, so creating one needs it (user-hooks.ts).
    password: f.password('Password', {
      hint: 'Required for a new user: at least 8 characters',
      editHint: 'At least 8 characters; leave empty to keep the current one',
    }),
    confirm_password: f.password('Confirm Password', { virtual: true }),
    profile_img: f.image('Profile Image'),
    language: f.select('Back-office language', {
      choices: BACK_OFFICE_LANGUAGES.map((value) => ({ value, label: BACK_OFFICE_LANGUAGE_NAMES[value] })),
      hint: 'The language of the back-office’s menus, buttons and messages for this user',
    }),
    role: f.select('Role', { choices: ROLE_CHOICES, default: 'viewer' }),
    sites: f.text('Sites', {
      max: 2000,
      hint: 'App keys of the sites this user works on, separated by commas (admins work on every site)',
      pattern: {
        regex: /^\s*([A-Za-z0-9_-]{3,64}(\s*,\s*[A-Za-z0-9_-]{3,64})*)?\s*$/,
        message: 'Sites are app keys separated by commas',
      },
    }),
    type: f.text('Type', { max: 64 }),
    facebook_id: f.text('Facebook Id', { max: 128 }),
    google_id: f.text('Google Id', { max: 128 }),
    scopes: f.text('Scopes', { max: 1000 }),
  },
  columns: [
    { label: 'Name', field: 'name', join: ['name', 'firstname', 'lastname'] },
    { label: 'Phone', field: 'phone', empty: '--' },
    { label: 'Email', field: 'email' },
    { label: 'Role', field: 'role' },
  ],
});
