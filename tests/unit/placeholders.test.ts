/** Placeholders and focal points in public answers (server/media/placeholders.ts) and how a page draws them (ui/LazyImage.tsx). */
import { describe, expect, it } from 'vitest';
import { withPictureFacts, type PictureFacts } from '../../src/server/media/placeholders';
import { placeholderFor } from '../../src/client/ui/LazyImage';

const URI = 'data:image/webp;base64,UklGRlQAAABXRUJQ+/9=';
const known = async (name: string) => (name.startsWith('known') ? `${URI}#${name}` : undefined);
const facts = (
  placeholderOf: PictureFacts['placeholderOf'],
  focal: Record<string, { x: number; y: number }> = {},
): PictureFacts => ({
  placeholderOf,
  focalPointsOf: async (names) => new Map(names.flatMap((name) => (focal[name] ? [[name, focal[name]] as const] : []))),
});
const withPlaceholders = (payload: unknown, placeholderOf: PictureFacts['placeholderOf']) =>
  withPictureFacts(payload, facts(placeholderOf));

describe('withPictureFacts', () => {
  it('gives each record the placeholders of the pictures it names, in lists and nested records alike', async () => {
    const answer = {
      data: {
        data: [
          {
            id: 1,
            thumb: '/uploads/known-a.png',
            banner: '/uploads/known-b.jpg',
            sections: [{ id: 5, thumb: '/uploads/known-c.webp' }],
          },
          { id: 2, thumb: '/uploads/unknown.png' },
        ],
        total: 2,
      },
    };
    const result = (await withPlaceholders(answer, known)) as typeof answer;
    expect(result.data.total).toBe(2);
    expect(result.data.data[0]).toMatchObject({
      placeholders: { '/uploads/known-a.png': `${URI}#known-a.png`, '/uploads/known-b.jpg': `${URI}#known-b.jpg` },
    });
    expect(result.data.data[0]!.sections?.[0]).toEqual({
      id: 5,
      thumb: '/uploads/known-c.webp',
      placeholders: { '/uploads/known-c.webp': `${URI}#known-c.webp` },
    });
    expect(result.data.data[1]).toEqual({ id: 2, thumb: '/uploads/unknown.png' });
  });

  it('leaves what it was given as it was (answers may come from a cache), and values that are not records alone', async () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const row = { id: 1, thumb: '/uploads/known-a.png', created_at: when };
    const result = (await withPlaceholders({ data: row }, known)) as { data: typeof row & { placeholders: object } };
    expect(row).toEqual({ id: 1, thumb: '/uploads/known-a.png', created_at: when });
    expect(result.data.created_at).toBe(when);
    expect(result.data.placeholders).toBeDefined();
  });

  it('asks for nothing when no picture is named: HTML that mentions one, a PDF, an outside address', async () => {
    const asked: string[] = [];
    const answer = {
      data: {
        content: '<p><img src="/uploads/known-a.png"></p>',
        file: '/uploads/known-report.pdf',
        link: 'https://example.org/uploads/known-a.png',
      },
    };
    const result = await withPlaceholders(answer, async (name) => {
      asked.push(name);
      return URI;
    });
    expect(asked).toEqual([]);
    expect(result).toBe(answer);
  });
});

describe('withPictureFacts: focal points and pictures still on their way', () => {
  it('gives the focal point of each picture that has one, as CSS object-position', async () => {
    const answer = { data: { id: 1, thumb: '/uploads/known-a.png', icon: '/uploads/plain-b.png' } };
    const result = (await withPictureFacts(answer, facts(known, { 'known-a.png': { x: 0.25, y: 0.8 } }))) as {
      data: Record<string, unknown>;
    };
    expect(result.data.focal_points).toEqual({ '/uploads/known-a.png': '25% 80%' });
    expect(result.data.placeholders).toEqual({ '/uploads/known-a.png': `${URI}#known-a.png` });
  });

  it('answers a pending reference as no picture, never as an address that would show broken', async () => {
    const pending = 'pending-upload:0b7c6f7e-4a59-4c1e-9d2b-1f1f3c3c9a01';
    const answer = { data: [{ id: 1, thumb: pending, title: 'Open day' }] };
    const result = (await withPictureFacts(answer, facts(known))) as { data: Record<string, unknown>[] };
    expect(result.data[0]).toEqual({ id: 1, thumb: '', title: 'Open day' });
    expect(answer.data[0]!.thumb).toBe(pending);
  });
});

describe('placeholderFor', () => {
  it('draws an inline picture only', () => {
    expect(placeholderFor({ '/uploads/a.png': URI }, '/uploads/a.png')).toBe(URI);
    expect(placeholderFor({ '/uploads/a.png': URI }, '/uploads/b.png')).toBeUndefined();
    expect(placeholderFor(undefined, '/uploads/a.png')).toBeUndefined();
    for (const hostile of [
      'https://evil.example/x.png',
      'data:image/webp;base64,AAAA") ; background:url("https://evil.example',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      expect(placeholderFor({ '/uploads/a.png': hostile }, '/uploads/a.png')).toBeUndefined();
    }
  });
});
