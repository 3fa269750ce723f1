/**
 * The contact form. The spec's original sent nothing; ours validates, stores the message
 * (POST /cms/messages) and says so. It works as a plain form too, before its island wakes or
 * without JavaScript, and keeps a message written offline (usePublicForm). On a refusal everything
 * typed stays, with the reason beside the field it concerns.
 */
import { PUBLIC_FORMS } from '../../../shared/public-forms';
import { FormStatus } from '../forms/FormStatus';
import { Button, Stack, Textarea, TextInput } from '../ui';
import { type PublicFormProps, usePublicForm } from '../forms/usePublicForm';
import { useSiteText } from '../../ui/site-text';

const MAX = PUBLIC_FORMS.contact.fields;

export function ContactForm(props: PublicFormProps) {
  const t = useSiteText();
  const { formProps, keyField, fieldOf, status, message, sent } = usePublicForm('contact', props);
  return (
    <form {...formProps} aria-labelledby="contact-form-heading">
      <input {...keyField} />
      <Stack gap="md">
        <TextInput label={t('contact.name')} required autoComplete="name" maxLength={MAX.name.max} {...fieldOf('name')} />
        <TextInput label={t('contact.email')} type="email" required autoComplete="email" {...fieldOf('email')} />
        <Textarea label={t('contact.message')} required rows={5} maxLength={MAX.message.max} {...fieldOf('message')} />
        <FormStatus status={status} sent={sent} message={message} failedTitle={t('contact.failed.title')} variant="light" />
        <div>
          <Button type="submit" size="md" loading={status === 'sending'}>
            {t('contact.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** The form as an island (ContactScreen): it needs nothing but its props. */
export const ContactIsland = ContactForm;
