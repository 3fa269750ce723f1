import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database';
import * as initial from './migrations/001_initial';
import * as idempotencyRequest from './migrations/002_idempotency_request';
import * as rolesSessionsActivity from './migrations/003_roles_sessions_activity';
import * as twoFactorResetsSettings from './migrations/004_two_factor_resets_settings';
import * as versions from './migrations/005_versions';
import * as revisions from './migrations/006_revisions';
import * as presence from './migrations/007_presence';
import * as trashScheduleDrafts from './migrations/008_trash_schedule_drafts';
import * as messageRead from './migrations/009_message_read';
import * as webhooks from './migrations/010_webhooks';
import * as siteRelativeUploads from './migrations/011_site_relative_uploads';
import * as searchIndex from './migrations/012_search_index';
import * as apiTokens from './migrations/013_api_tokens';
import * as translations from './migrations/014_translations';
import * as userLanguage from './migrations/015_user_language';
import * as mediaDetails from './migrations/016_media_details';
import * as jobRuns from './migrations/017_job_runs';
import * as publishTimeIndexes from './migrations/018_publish_time_indexes';
import * as visibleCountIndexes from './migrations/019_visible_count_indexes';
import * as embedIndexes from './migrations/020_embed_indexes';
import * as apiTokenLifetimes from './migrations/021_api_token_lifetimes';
import * as uploadOwners from './migrations/022_upload_owners';
import * as subscriberConfirmation from './migrations/023_subscriber_confirmation';
import * as cacheVersions from './migrations/024_cache_versions';
import * as redirects from './migrations/025_redirects';
import * as subscriptions from './migrations/026_subscriptions';
import * as erasedPeople from './migrations/027_erased_people';
import * as newslettersTable from './migrations/028_newsletters';
import * as visitorSearch from './migrations/029_visitor_search';
import * as analytics from './migrations/030_analytics';
import * as formsTable from './migrations/031_forms';
import * as formEntriesTable from './migrations/032_form_entries';
import * as sectionForm from './migrations/033_section_form';
import * as review from './migrations/034_review';
import * as careerForms from './migrations/035_career_forms';
import * as entryFiles from './migrations/036_entry_files';
import * as vitalsBuckets from './migrations/037_vitals_buckets';
import * as notificationsTables from './migrations/038_notifications';
import * as draftReview from './migrations/040_draft_review';
import * as analyticsMonths from './migrations/041_analytics_months';
import * as visitorSearchTerms from './migrations/042_visitor_search_terms';
import * as visibleReviewIndex from './migrations/043_visible_review_index';

/** Migrations are imported, not read from disk, so they work the same from source and in tests. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_idempotency_request': idempotencyRequest,
  '003_roles_sessions_activity': rolesSessionsActivity,
  '004_two_factor_resets_settings': twoFactorResetsSettings,
  '005_versions': versions,
  '006_revisions': revisions,
  '007_presence': presence,
  '008_trash_schedule_drafts': trashScheduleDrafts,
  '009_message_read': messageRead,
  '010_webhooks': webhooks,
  '011_site_relative_uploads': siteRelativeUploads,
  '012_search_index': searchIndex,
  '013_api_tokens': apiTokens,
  '014_translations': translations,
  '015_user_language': userLanguage,
  '016_media_details': mediaDetails,
  '017_job_runs': jobRuns,
  '018_publish_time_indexes': publishTimeIndexes,
  '019_visible_count_indexes': visibleCountIndexes,
  '020_embed_indexes': embedIndexes,
  '021_api_token_lifetimes': apiTokenLifetimes,
  '022_upload_owners': uploadOwners,
  '023_subscriber_confirmation': subscriberConfirmation,
  '024_cache_versions': cacheVersions,
  '025_redirects': redirects,
  '026_subscriptions': subscriptions,
  '027_erased_people': erasedPeople,
  '028_newsletters': newslettersTable,
  '029_visitor_search': visitorSearch,
  '030_analytics': analytics,
  '031_forms': formsTable,
  '032_form_entries': formEntriesTable,
  '033_section_form': sectionForm,
  '034_review': review,
  '035_career_forms': careerForms,
  '036_entry_files': entryFiles,
  '037_vitals_buckets': vitalsBuckets,
  '038_notifications': notificationsTables,
  '040_draft_review': draftReview,
  '041_analytics_months': analyticsMonths,
  '042_visitor_search_terms': visitorSearchTerms,
  '043_visible_review_index': visibleReviewIndex,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * On PostgreSQL the bookkeeping tables are looked up in `schema` only, and the migrator's
 * introspection sees that schema alone (one-schema.ts): another schema's copy, or another schema
 * dropped meanwhile, never decides what runs here.
 */
export async function migrateToLatest(db: DB, schema?: string, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  // `upTo` stops at that migration (tests of an upgrade start from the tables as they were).
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

async function migrationsOf(db: DB, schema?: string) {
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).getMigrations();
}

/** Migrations this code has that the database has not run yet (empty when it is current). */
export async function pendingMigrations(db: DB, schema?: string): Promise<string[]> {
  return (await migrationsOf(db, schema)).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Migrations the database has run, by name: what its tables look like. */
export async function appliedMigrations(db: DB, schema?: string): Promise<string[]> {
  return (await migrationsOf(db, schema)).filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
