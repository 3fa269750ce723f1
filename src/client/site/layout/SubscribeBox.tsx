/**
 * Footer newsletter sign-up. The spec's original sent nothing; ours creates a subscriber and, when
 * the address is refused, shows the reason under the field. It works as a plain form too, and
 * keeps a sign-up made offline (usePublicForm).
 */
import { FormStatus } from '../forms/FormStatus';
import { type PublicFormProps, usePublicForm } from '../forms/usePublicForm';
import { useSiteText } from '../../ui/site-text';
import { Button, Stack, Text, TextInput } from '../ui';

export function SubscribeBox(props: PublicFormProps) {
  const t = useSiteText();
  const { formProps, keyField, fieldOf, status, message, sent } = usePublicForm('subscribe', props);
  return (
    <form {...formProps} aria-label={t('subscribe.form')}>
      <input {...keyField} />
      <Text size="sm" mb="xs" c="gray.3">
        {t('subscribe.intro')}
      </Text>
      <Stack gap="xs">
        <TextInput
          type="email"
          label={t('subscribe.email')}
          placeholder="name@example.com"
          autoComplete="email"
          {...fieldOf('email')}
          onDark
        />
        <Button type="submit" loading={status === 'sending'}>
          {t('subscribe.submit')}
        </Button>
      </Stack>
      <FormStatus
        status={status}
        sent={sent}
        message={message}
        failedTitle={t('subscribe.failed.title')}
        variant="filled"
        compact
      />
    </form>
  );
}

/** The box as an island (Footer): it needs nothing but its props. */
export const SubscribeIsland = SubscribeBox;
