import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

/** Career dates travel as 'YYYY-MM-DD HH:mm:ss' text both ways (spec §3). */
export const careers = defineEntity({
  resource: 'careers',
  adminPath: 'career',
  title: 'Careers',
  formTitle: 'Career Setting',
  successText: 'Success! Updated successfully.',
  public: { list: { size: LIMITS.maxPageSize } },
  labelField: 'title',
  publishedFrom: 'application_publish_at',
  order: [{ field: 'id', dir: 'desc' }],
  fields: {
    title: f.text('Career Title', { localized: true, required: true, searchable: true }),
    content: f.textarea('Career Content', { localized: true, rows: 8, max: 50_000, searchable: true }),
    thumb: f.image('Thumb'),
    application_publish_at: f.datetime('Application Publish'),
    application_start_at: f.datetime('Application Start'),
    application_end_at: f.datetime('Application End'),
    // Applicants fill this form, taken only between Application Start and Application End (issue 60).
    form_id: f.relation('Application form', 'forms', 'title', {
      hint: 'The form applicants fill, open between the application start and end',
    }),
    status: f.status(),
  },
  columns: [
    { label: 'Name', field: 'title' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
