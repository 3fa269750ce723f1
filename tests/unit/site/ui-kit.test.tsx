/**
 * The public site's UI kit (src/client/site/ui/), rendered as the server renders a page: the form
 * fields tie their label, error and hint to the field as Mantine's inputs did (a form reads the
 * same before its script wakes and without one), the alert names and describes itself, and the
 * pagination is links that count pages as Mantine's does.
 */
import { Typography } from '@mantine/core';
import { usePagination } from '@mantine/hooks';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '../../../src/client/site/contact/ContactForm';
import { Alert, Pagination, Textarea, TextInput } from '../../../src/client/site/ui';
import { pageRange } from '../../../src/client/site/ui/Pagination';
import { TYPOGRAPHY_CLASS } from '../../../src/client/ui/SafeHtml';

type Element = DefaultTreeAdapterMap['element'];

/** The rendered markup as elements, to ask for attributes and text. */
function drawn(node: ReactNode) {
  const all: Element[] = [];
  const walk = (parent: { childNodes?: DefaultTreeAdapterMap['childNode'][] }) => {
    for (const child of parent.childNodes ?? []) {
      if ('tagName' in child) all.push(child);
      walk(child as Element);
    }
  };
  walk(parseFragment(renderToString(node)));
  const attr = (element: Element | undefined, name: string) => element?.attrs.find((a) => a.name === name)?.value;
  const text = (element: Element | undefined): string =>
    (element?.childNodes ?? []).map((c) => ('value' in c ? c.value : 'tagName' in c ? text(c) : '')).join('');
  const byId = (id: string | undefined) => all.find((element) => attr(element, 'id') === id);
  const tag = (name: string) => all.filter((element) => element.tagName === name);
  return { all, attr, text, byId, tag };
}

describe('form fields', () => {
  it('tie the label to the field, and mark a required one for the browser and, silently, with an asterisk', () => {
    const page = drawn(<TextInput label="Name" name="name" required value="" onChange={() => {}} />);
    const [input] = page.tag('input');
    const [label] = page.tag('label');
    expect(page.attr(label, 'for')).toBe(page.attr(input, 'id'));
    expect(page.attr(input, 'id')).toBeTruthy();
    expect(page.attr(input, 'required')).toBe('');
    expect(page.attr(input, 'name')).toBe('name');
    const asterisk = page.tag('span')[0];
    expect(page.text(asterisk)).toBe(' *');
    expect(page.attr(asterisk, 'aria-hidden')).toBe('true');
    expect(page.attr(input, 'aria-invalid')).toBeUndefined();
    expect(page.attr(input, 'aria-describedby')).toBeUndefined();
  });

  it('say a refused value is invalid and are described by the reason, shown below them', () => {
    const page = drawn(
      <TextInput label="Email" type="email" name="email" error="Not an address" value="x@" onChange={() => {}} />,
    );
    const [input] = page.tag('input');
    expect(page.attr(input, 'aria-invalid')).toBe('true');
    const reason = page.byId(page.attr(input, 'aria-describedby'));
    expect(page.text(reason)).toBe('Not an address');
    expect(page.all.indexOf(reason!)).toBeGreaterThan(page.all.indexOf(input!));
    expect(page.attr(input, 'required')).toBeUndefined();
  });

  it('are described by their hint as well as by the reason', () => {
    const page = drawn(<TextInput label="Email" description="We never share it" error="Not an address" />);
    const [input] = page.tag('input');
    const described = page
      .attr(input, 'aria-describedby')!
      .split(' ')
      .map((id) => page.text(page.byId(id)));
    expect(described).toEqual(['Not an address', 'We never share it']);
  });

  it('a message box is a textarea of at least `rows` lines, tied and described the same way', () => {
    const page = drawn(
      <Textarea label="Message" name="message" rows={5} required error="Too short" value="" onChange={() => {}} />,
    );
    const [area] = page.tag('textarea');
    expect(page.attr(page.tag('label')[0], 'for')).toBe(page.attr(area, 'id'));
    expect(page.attr(area, 'rows')).toBe('5');
    expect(page.attr(area, 'required')).toBe('');
    expect(page.attr(area, 'aria-invalid')).toBe('true');
    expect(page.text(page.byId(page.attr(area, 'aria-describedby')))).toBe('Too short');
  });

  it('the contact form drawn for a refused plain post keeps the words and says each reason beside its field', () => {
    const page = drawn(
      <ContactForm
        page="/contact"
        outcome={{
          form: 'contact',
          status: 'refused',
          values: { name: '', email: 'rahima@', message: 'When does training start?' },
          errors: { name: 'contact.name.required', email: 'form.email.invalid' },
        }}
      />,
    );
    const field = (name: string) => page.all.find((element) => page.attr(element, 'name') === name)!;
    const reasonOf = (name: string) => page.text(page.byId(page.attr(field(name), 'aria-describedby')));
    expect(reasonOf('name')).toBe('Please enter your name.');
    expect(reasonOf('email')).toBe('Please enter a valid email address, for example name@example.com.');
    expect(page.attr(field('email'), 'value')).toBe('rahima@');
    expect(page.attr(field('message'), 'aria-invalid')).toBeUndefined();
    expect(page.text(field('message'))).toBe('When does training start?');
    const [form] = page.tag('form');
    expect([page.attr(form, 'method'), page.attr(form, 'action')]).toEqual(['post', '/contact?form=contact#contact-form']);
    expect(page.tag('label').map((label) => page.text(label))).toEqual(['Name *', 'Email *', 'Message *']);
  });
});

describe('Alert', () => {
  it('is named by its title and described by its text; a closable one has a named close button', () => {
    const page = drawn(
      <Alert color="green" role="status" title="Sent" onClose={() => {}} closeLabel="Dismiss">
        Your message arrived.
      </Alert>,
    );
    const root = page.all[0]!;
    expect(page.attr(root, 'role')).toBe('status');
    expect(page.text(page.byId(page.attr(root, 'aria-labelledby')))).toBe('Sent');
    expect(page.text(page.byId(page.attr(root, 'aria-describedby')))).toBe('Your message arrived.');
    expect(page.attr(page.tag('button')[0], 'aria-label')).toBe('Dismiss');
  });

  it('is an alert by default, and without a title is only described', () => {
    const page = drawn(<Alert color="red">Failed</Alert>);
    expect(page.attr(page.all[0], 'role')).toBe('alert');
    expect(page.attr(page.all[0], 'aria-labelledby')).toBeUndefined();
    expect(page.tag('button')).toEqual([]);
  });
});

describe('Pagination', () => {
  const labels = { previous: 'previous page', next: 'next page', page: (n: number) => `Page ${n}` };

  it('links every page shown, marks the current one, and disables previous on the first page', () => {
    const page = drawn(<Pagination total={3} value={1} hrefOf={(n) => `/news?page=${n}`} labels={labels} />);
    const links = page.tag('a').map((a) => [page.attr(a, 'aria-label'), page.attr(a, 'href'), page.attr(a, 'aria-current')]);
    expect(links).toEqual([
      ['Page 1', '/news?page=1', 'page'],
      ['Page 2', '/news?page=2', undefined],
      ['Page 3', '/news?page=3', undefined],
      ['next page', '/news?page=2', undefined],
    ]);
    const [previous] = page.tag('button');
    expect([page.attr(previous, 'aria-label'), page.attr(previous, 'disabled')]).toEqual(['previous page', '']);
  });

  it('on the last page links previous and disables next', () => {
    const page = drawn(<Pagination total={3} value={3} hrefOf={(n) => `/p/${n}`} labels={labels} />);
    expect(page.tag('a').find((a) => page.attr(a, 'aria-label') === 'previous page')?.attrs).toContainEqual({
      name: 'href',
      value: '/p/2',
    });
    expect(page.tag('button').map((b) => page.attr(b, 'aria-label'))).toEqual(['next page']);
  });

  it('shows the pages Mantine’s Pagination shows, dots for the rest', () => {
    const expected: [number, number, (number | 'dots')[]][] = [];
    function Mantine({ total, page }: { total: number; page: number }) {
      expected.push([total, page, usePagination({ total, page }).range]);
      return null;
    }
    for (let total = 1; total <= 15; total += 1)
      for (let page = 1; page <= total; page += 1) renderToString(<Mantine total={total} page={page} />);
    expect(expected.map(([total, page]) => [total, page, pageRange(page, total)])).toEqual(expected);
  });
});

describe('stored HTML', () => {
  it('is drawn with the classes of Mantine’s typography stylesheet, named without its code', () => {
    expect(TYPOGRAPHY_CLASS).toBe(`${Typography.classes.root} mantine-Typography-root`);
  });
});
