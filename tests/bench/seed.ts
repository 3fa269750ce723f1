/**
 * The bench database for `npm run bench`: migrated, the demo site, the bench admin,
 * BENCH_POSTS posts (100,000 unless set; for the admin search) and BENCH_PAGES pages (10,000
 * unless set; with the posts, for the site's search), then the planner statistics the
 * hourly upkeep (plugins/upkeep.ts) would make after such an import. Exits when done: the bench
 * then serves it with the compiled server, the one `npm start` runs.
 */
import { createServer } from '../../src/server/bootstrap';
import { configFromEnv } from '../../src/server/config';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const config = { ...configFromEnv(), logLevel: 'warn' };
const { app } = await createServer(config);
const posts = app.ctx.services.posts.repo;
const topics = ['Branch banking', 'Microfinance', 'Network', 'Training', 'Hardware', 'Savings', 'Loans', 'Audit'];
await app.ctx.database.db.transaction().execute(async (trx) => {
  for (let i = 0; i < POSTS; i++) {
    const topic = topics[i % topics.length]!;
    await posts.insert(
      config.appKey,
      {
        title: `${topic} update number ${i}`,
        slug: `bench-${i}`,
        sub_title: `Notes from the ${topic.toLowerCase()} team`,
        content: `<p>${topic} report ${i}: progress across districts, new branches and trained staff.</p>`,
        status: 1,
        sort_order: 0,
        tags: topic.toLowerCase(),
      },
      trx,
    );
  }
});
const pages = app.ctx.services.pages.repo;
await app.ctx.database.db.transaction().execute(async (trx) => {
  for (let i = 0; i < PAGES; i++) {
    const topic = topics[i % topics.length]!;
    await pages.insert(
      config.appKey,
      {
        name: `bench-page-${i}`,
        title: `${topic} programme page ${i}`,
        slug: `bench-page-${i}`,
        sub_title: `How our ${topic.toLowerCase()} work reaches district ${i % 64}`,
        content: `<h2>${topic}</h2><p>Page ${i} describes the ${topic.toLowerCase()} programme: eligibility, branches that offer it, and the documents a member brings.</p>`,
        status: 1,
        page_template: 'default',
      },
      trx,
    );
  }
});
app.ctx.database.optimize();
await app.close();
process.exit(0); // nothing else to wait for, whatever a plugin left scheduled
