/**
 * Whether a page's section shows a form staff built (the `form` template with a form chosen).
 * Apart from PageScreen: the page's route reads it in its loader, which is in the app's entry,
 * and importing it from the screen would bring the whole page screen there.
 */
export const isFormSection = (section: { template: string | null; form_id: number | null }) =>
  section.template?.trim() === 'form' && section.form_id !== null;
