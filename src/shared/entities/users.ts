import { defineEntity, f } from './define';

/** Staff accounts. They are not scoped to one application: one account manages every site. */
export const users = defineEntity({
  resource: 'users',
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
    password: f.password('Password', { hint: 'At least 8 characters; leave empty to keep the current one' }),
    confirm_password: f.password('Confirm Password', { virtual: true }),
    profile_img: f.image('Profile Image'),
    type: f.text('Type', { max: 64 }),
    facebook_id: f.text('Facebook Id', { max: 128 }),
    google_id: f.text('Google Id', { max: 128 }),
    scopes: f.text('Scopes', { max: 1000 }),
  },
  columns: [
    { label: 'Name', field: 'name', join: ['name', 'firstname', 'lastname'] },
    { label: 'Phone', field: 'phone', empty: '--' },
    { label: 'Email', field: 'email' },
  ],
});
