/**
 * A page's section with the template `form` (issue 60): the form its editor chose, as an island
 * woken on the first touch, so a page without a form loads none of its code and a page with one
 * runs it only once the visitor reaches into it. Drawn outside the kept sections: its answer to a
 * visitor's post (their words, the refusals) is theirs alone.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { builtFormName, closedReason, parseFields } from '../../../shared/built-forms';
import { Island } from '../../islands/Island';
import { formatDate } from '../../ui/display';
import { useSiteText } from '../../ui/site-text';
import { formsQuery } from '../api/queries';
import type { Section } from '../api/types';
import { BuiltFormIsland, type BuiltFormProps } from '../forms/BuiltForm';
import { useFormProps } from '../forms/useFormProps';
import { Paper } from '../ui';
import classes from './page.module.css';

export function FormSection({ section }: { section: Section }) {
  const t = useSiteText();
  const { data: forms } = useSuspenseQuery(formsQuery());
  const form = forms.find((candidate) => candidate.id === section.form_id);
  const formProps = useFormProps(builtFormName(section.form_id ?? 0));
  if (!form) return null;
  // Its dates as the page is drawn; a form that fills up, or closes after, is refused when sent.
  const reason = closedReason(form, new Date());
  const closed: BuiltFormProps['closed'] =
    reason === 'not-yet'
      ? { reason, opens: formatDate(form.open_from, t) || undefined }
      : reason === 'ended'
        ? { reason }
        : undefined;
  const props: BuiltFormProps = {
    ...formProps,
    form: { id: form.id, title: form.title, intro: form.intro, fields: parseFields(form.fields), sent_text: form.sent_text },
    ...(closed ? { closed } : {}),
  };
  return (
    <section className={`${classes.container} ${classes.section}`}>
      <Paper>
        <Island name="built-form" when="touch" component={BuiltFormIsland} props={props} />
      </Paper>
    </section>
  );
}
