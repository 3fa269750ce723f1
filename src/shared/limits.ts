/** Every constant of spec §9 lives here; views and the server import these, never literals. */
export const LIMITS = {
  slider: { autoplayDelayMs: 3000, speedMs: 1000, revealDelayMs: 1000 },
  homeNewsPageSize: 3,
  successAlertMs: 3000,
  truncate: {
    sectionContent: 150,
    widgetTitle: 50,
    widgetContent: 100,
    cardLong: 90,
    cardMedium: 80,
    cardShort: 40,
    adminSection: 30,
    adminPost: 20,
    adminGallery: 20,
  },
  /** Selector lists (pages, sections) load up to this many items; also the server's size cap. */
  selectorSize: 1000,
  maxPageSize: 1000,
  imagePreviewMaxHeightPx: 150,
  upload: {
    maxBytes: 10 * 1024 * 1024,
    /** A resumable upload streams to disk in parts, so it is not held in memory: a phone's original photo fits. */
    resumableMaxBytes: 50 * 1024 * 1024,
    /** The parts a resumable upload is sent in: a cut link costs at most one part again, and each part is one request. */
    chunkBytes: 5 * 1024 * 1024,
    /**
     * Every part of a resumable upload but the last is at least this large (a part that breaks off
     * shorter is not kept): each part is an object in the storage, and tiny ones would pile up.
     */
    minPartBytes: 256 * 1024,
    /** Resumable uploads one person may have in progress at once, and their declared bytes together. */
    openUploadsPerUser: 20,
    openBytesPerUser: 250 * 1024 * 1024,
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'application/pdf'],
  },
  login: {
    /** Failed sign-ins per identifier in a minute, then 429 until the oldest leaves the window. */
    maxFailuresPerMinute: 10,
    /** Failed sign-ins from one address (any identifiers) in `addressWindowMinutes`: stops password spraying. */
    maxFailuresPerAddress: 30,
    addressWindowMinutes: 10,
    /** Wrong two-factor codes per account (its password right) in `codeWindowMinutes`. */
    maxCodeFailures: 5,
    codeWindowMinutes: 15,
  },
  /** Writes one person's sessions may make to the admin API in a minute (STAFF_WRITE_LIMIT), then 429. */
  staffWritesPerMinute: 600,
  /** A remembered session ends this long after sign-in, however busy (SESSION_DAYS). */
  sessionDays: 30,
  /** An admin's remembered session, shorter: an admin's token opens everything (ADMIN_SESSION_DAYS). */
  adminSessionDays: 7,
  /** A session signed in without "Remember Me" ends this long after sign-in. */
  unrememberedSessionHours: 12,
  /** A session unused for this long has ended. */
  idleSessionDays: 30,
  /** Earlier states kept per record (History); older ones are removed. */
  revisionsPerRecord: 50,
  /** Longest comment in a record's review thread (issue #61). */
  reviewCommentLength: 5000,
  /** Notifications are kept this many days, read or not: the bell is news, not an archive. */
  notificationDays: 90,
  /** And at most this many per person (the newest), however busy their sites. */
  notificationsPerPerson: 300,
  /** The bell lists this many, newest first. */
  notificationsListed: 50,
  /** A comment's opening as a notification keeps it (the whole thread is on the record's form). */
  notificationCommentLength: 500,
  /** Most rows a CSV export holds. */
  exportRows: 100_000,
  /** Days a deleted record stays in the Trash before it is erased. */
  trashDays: 30,
  /** How long a preview link shows a draft. */
  previewLinkMinutes: 60,
  /** Activity log entries older than this are removed (ACTIVITY_RETENTION_DAYS overrides it). */
  activityRetentionDays: 180,
  /**
   * API tokens: one made without an expiry lasts `defaultDays`; none is made, or renewed, to last
   * more than `maxDays` from then, so a forgotten token stops working on its own.
   */
  apiToken: { defaultDays: 90, maxDays: 365 },
} as const;

export const MENU_LOCATIONS = ['ab1', 'ab2', 'ab3', 'ps1', 'ps2', 'dp1', 'dp2', 'arc1'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];

/** Cuts text at `max` characters and adds '...' when it was longer (spec §2.2 list columns, §5). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}
