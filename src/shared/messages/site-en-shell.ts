/**
 * The site's English words that the app's first chunk draws: the route definitions' titles (their
 * heads are in the route tree) and the screens the root route falls back to (not found, a failed
 * load, offline). Apart from the rest of site-en.ts, so the back-office, which shares that chunk,
 * does not download every public word; site-en.ts includes these.
 */
export const siteEnShell = {
  'menu.contact': 'Contact',
  'feed.news': 'News',
  'feed.rss': '{{title}} (RSS)',
  'feed.atom': '{{title}} (Atom)',
  'search.title': 'Search',
  'news.title': 'News',
  'notFound.title': 'Page Not Found 404',
  'notFound.pageTitle': 'Page Not Found',
  'notFound.text': 'The page you asked for does not exist or has moved.',
  'notFound.home': 'Back to the home page',
  'error.page': 'This page could not be loaded.',
  'error.content': 'This content could not be loaded.',
  'error.tryAgain': 'Please try again.',
  'error.retry': 'Retry',
  'offline.title': 'You are offline',
  'offline.banner': 'You are offline.',
  'offline.serverDown': 'The server cannot be reached.',
  'offline.tryAgain': 'Try again',
  'offline.notKept':
    'This page has not been saved on this device yet, so it cannot be shown without a connection. It opens as soon as you are back online; the pages you have already visited can still be read.',
  'offline.stillRead': 'Pages you have already visited can still be read.',
} as const;
