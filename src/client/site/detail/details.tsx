/**
 * The site's page for one record of a public entity whose definition gives it an address of its
 * own below a first segment (`public: { detail: true, path: '/notices/:slug' }`), served by one
 * route for them all (routes/_site/$collection/$slug.tsx), as the admin's $entity serves every
 * entity's screens. The screen is `screens/{resource}.tsx` when there is one (posts: the news
 * article); otherwise the record is drawn from its definition (GenericScreen).
 *
 * Loaded on demand by that route: the definitions stay out of the bundle of every other page.
 */
import { shareImageUrl } from '../../../shared/renditions';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ENTITIES, type EntityDef } from '../../../shared/entities';
import { htmlToText } from '../../../shared/html-text';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import { SafeHtml } from '../../ui/SafeHtml';
import { recordQuery } from '../api/queries';
import type { Description } from '../head';
import pageClasses from '../page/page.module.css';
import { Container, Stack } from '../ui';

/** A record as visitors read it. */
export type PublicRecord = Record<string, unknown> & {
  placeholders?: Record<string, string>;
  focal_points?: Record<string, string>;
};

/** What a screen file of `screens/` gives: how it draws a record and, if it knows better than its definition, how it describes it. */
export interface ScreenModule {
  Screen: ComponentType<{ record: PublicRecord }>;
  describe?: (record: PublicRecord) => Description;
}

export interface Detail extends Required<ScreenModule> {
  resource: string;
}

const SCREEN_FILES = import.meta.glob<ScreenModule>('./screens/*.tsx');
const loaded = new Map<string, Detail>();

/** The entity whose records live at `/{collection}/:slug`. */
function entityAt(collection: string): EntityDef | undefined {
  return Object.values(ENTITIES as Record<string, EntityDef>).find(
    (def) => def.public?.detail && def.slug && def.public.path === `/${collection}/:slug`,
  );
}

/** The detail of `/{collection}/…` with its screen's code loaded; none when no entity lives there. */
export async function detailAt(collection: string): Promise<Detail | undefined> {
  const def = entityAt(collection);
  if (!def) return undefined;
  let detail = loaded.get(def.resource);
  if (!detail) {
    const file = SCREEN_FILES[`./screens/${def.resource}.tsx`];
    const own = file ? await file() : undefined;
    detail = {
      resource: def.resource,
      Screen: own?.Screen ?? ((props) => <GenericScreen def={def} {...props} />),
      describe: own?.describe ?? ((record) => describedByDefinition(def, record)),
    };
    loaded.set(def.resource, detail);
  }
  return detail;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const fieldsOf = (def: EntityDef, kind: string) => Object.keys(def.fields).filter((name) => def.fields[name]!.kind === kind);

/** A record described from its definition: its label, its SEO or summary fields, its first picture. */
function describedByDefinition(def: EntityDef, record: PublicRecord): Description {
  const [html] = fieldsOf(def, 'html');
  const [image] = fieldsOf(def, 'image');
  return {
    title: text(record.meta_title) || text(record[def.labelField]),
    description: text(record.meta_description) || text(record.sub_title) || (html ? htmlToText(text(record[html])) : ''),
    image: (image && text(record[image]) && shareImageUrl(text(record[image]))) || undefined,
    type: 'article',
  };
}

/** A record drawn from its definition: its label as the heading, its first picture, its HTML fields. */
function GenericScreen({ def, record }: { def: EntityDef; record: PublicRecord }) {
  const [image] = fieldsOf(def, 'image');
  const picture = image ? text(record[image]) : '';
  return (
    <Container size="md" py={48} component="article">
      <Stack gap="lg">
        <div>
          <h1 className={pageClasses.pageTitle}>{text(record[def.labelField])}</h1>
          {text(record.sub_title) ? <p className={pageClasses.pageSub}>{text(record.sub_title)}</p> : null}
        </div>
        {picture ? (
          <LazyImage
            src={picture}
            placeholders={record.placeholders}
            focalPoints={record.focal_points}
            alt=""
            width={1200}
            height={675}
            sizes={SIZES.content}
            radius="var(--mantine-radius-md)"
            priority
          />
        ) : null}
        {fieldsOf(def, 'html').map((name) => (
          <SafeHtml key={name} html={text(record[name])} />
        ))}
      </Stack>
    </Container>
  );
}

/** The page: the record, read by the route's loader, drawn by its entity's screen. */
export function DetailPage({ collection, slug, preview }: { collection: string; slug: string; preview?: string }) {
  const detail = loaded.get(entityAt(collection)!.resource)!;
  const { data: record } = useSuspenseQuery(recordQuery<PublicRecord>(detail.resource, slug, preview));
  return <detail.Screen record={record} />;
}
