/**
 * Footer newsletter sign-up. The spec's original sent nothing; ours creates a subscriber and, when
 * the address is refused, shows the reason under the field. It works as a plain form too, and
 * keeps a sign-up made offline (usePublicForm).
 */
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { WithMantine } from '../../islands/WithMantine';
import { FormStatus } from '../forms/FormStatus';
import { type PublicFormProps, usePublicForm } from '../forms/usePublicForm';

export function SubscribeBox(props: PublicFormProps) {
  const { formProps, keyField, fieldOf, status, message, sent } = usePublicForm('subscribe', props);
  return (
    <form {...formProps} aria-label="Subscribe to our newsletter">
      <input {...keyField} />
      <Text size="sm" mb="xs" c="gray.3">
        News, reports and openings in your inbox.
      </Text>
      <Stack gap="xs" align="stretch">
        <TextInput
          type="email"
          label="Email address"
          placeholder="name@example.com"
          autoComplete="email"
          {...fieldOf('email')}
          styles={{ label: { color: 'var(--mantine-color-gray-2)' }, error: { color: 'var(--mantine-color-red-3)' } }}
        />
        <Button type="submit" loading={status === 'sending'}>
          Subscribe
        </Button>
      </Stack>
      <FormStatus status={status} sent={sent} message={message} failedTitle="Not subscribed" variant="filled" compact />
    </form>
  );
}

/** The box as an island (Footer): everything it needs it brings. */
export function SubscribeIsland(props: PublicFormProps) {
  return (
    <WithMantine>
      <SubscribeBox {...props} />
    </WithMantine>
  );
}
