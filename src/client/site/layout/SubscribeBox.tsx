/**
 * Footer newsletter sign-up. The spec's original sent nothing; ours creates a subscriber and, when
 * the server refuses the address, shows its reason under the field (errors.email).
 */
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { WithMantine } from '../../islands/WithMantine';
import { WithQueryClient } from '../../islands/WithQueryClient';
import { newIdempotencyKey, subscribe } from '../api/writes';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SubscribeBox() {
  const [email, setEmail] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  // One key per address typed: a retried submit of the same address cannot create two rows.
  const [key, setKey] = useState(newIdempotencyKey);
  const mutation = useMutation({
    mutationFn: (value: string) => subscribe({ email: value }, key),
    onSuccess: () => {
      setEmail('');
      setKey(newIdempotencyKey());
    },
  });

  const serverError =
    mutation.error instanceof ApiError ? (mutation.error.errors.email ?? mutation.error.message) : mutation.error?.message;
  const fieldError = localError ?? (mutation.error instanceof ApiError && mutation.error.errors.email ? serverError : null);
  const generalError = mutation.isError && !fieldError ? serverError : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setLocalError('Please enter a valid email address, for example name@example.com.');
      return;
    }
    setLocalError(null);
    mutation.mutate(value);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Subscribe to our newsletter">
      <Text size="sm" mb="xs" c="gray.3">
        News, reports and openings in your inbox.
      </Text>
      <Stack gap="xs" align="stretch">
        <TextInput
          type="email"
          label="Email address"
          placeholder="name@example.com"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setLocalError(null);
            if (mutation.isError || mutation.isSuccess) mutation.reset();
            setKey(newIdempotencyKey());
          }}
          error={fieldError}
          styles={{ label: { color: 'var(--mantine-color-gray-2)' }, error: { color: 'var(--mantine-color-red-3)' } }}
        />
        <Button type="submit" loading={mutation.isPending}>
          Subscribe
        </Button>
      </Stack>
      <div aria-live="polite">
        {mutation.isSuccess ? (
          <Alert color="green" variant="filled" mt="sm" p="xs">
            Thank you for subscribing!
          </Alert>
        ) : null}
        {generalError ? (
          <Alert color="red" variant="filled" mt="sm" p="xs">
            {generalError}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}

/** The box as an island (Footer): everything it needs it brings. */
export function SubscribeIsland() {
  return (
    <WithMantine>
      <WithQueryClient>
        <SubscribeBox />
      </WithQueryClient>
    </WithMantine>
  );
}
