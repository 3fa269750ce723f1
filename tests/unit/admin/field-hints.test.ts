import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { FieldInput } from '../../../src/client/admin/form/field-registry';
import { changeAdminLanguage } from '../../../src/client/admin/i18n';
import { ENTITIES } from '../../../src/shared/entities';

/** The user form's Password input as drawn on a new user's form (no record) or on user 7's. */
const password = (recordId: string | undefined) =>
  renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(FieldInput, {
        name: 'password',
        field: ENTITIES.users.fields.password,
        value: '',
        error: undefined,
        disabled: false,
        onChange: () => undefined,
        resource: 'users',
        recordId,
      }),
    ),
  );

describe("the user form's password hint", () => {
  afterAll(() => changeAdminLanguage('en'));

  it('says a new user needs one, and only an existing user’s form says empty keeps the current one', async () => {
    await changeAdminLanguage('en');
    const creating = password(undefined);
    expect(creating).toContain('Required for a new user: at least 8 characters');
    expect(creating).not.toContain('leave empty');
    const editing = password('7');
    expect(editing).toContain('At least 8 characters; leave empty to keep the current one');
    expect(editing).not.toContain('Required for a new user');
  });

  it('says each in Bangla too', async () => {
    await changeAdminLanguage('bn');
    expect(password(undefined)).toContain('নতুন ব্যবহারকারীর জন্য আবশ্যক: কমপক্ষে ৮ অক্ষর');
    expect(password('7')).toContain('কমপক্ষে ৮ অক্ষর; বর্তমানটি রাখতে খালি রাখুন');
  });
});
