/**
 * The site's texts with every language's catalogue known at once, for the server (its mail,
 * feeds and rendered pages are in any language, and cannot wait for one). The browser imports
 * site.ts, which fetches a language's catalogue when a document in it starts.
 */
import { addSiteCatalogue } from './site';
import { siteBn } from './site-bn';

addSiteCatalogue('bn', siteBn);

export * from './site';
