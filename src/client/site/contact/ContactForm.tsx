/**
 * The contact form. The spec's original sent nothing; ours validates, stores the message
 * (POST /cms/messages) and says so. On failure everything typed stays, with the server's reason
 * beside the field it concerns.
 */
import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../shared/entities/messages';
import { ApiError } from '../../api/http';
import { WithMantine } from '../../islands/WithMantine';
import { WithQueryClient } from '../../islands/WithQueryClient';
import { newIdempotencyKey, sendMessage, type MessageInput } from '../api/writes';

type Field = keyof MessageInput;
type Errors = Partial<Record<Field, string>>;

const EMPTY: MessageInput = { name: '', email: '', message: '' };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX = { name: messages.fields.name.max!, message: messages.fields.message.max! };

export function validateMessage(input: MessageInput): Errors {
  const errors: Errors = {};
  if (!input.name.trim()) errors.name = 'Please enter your name.';
  else if (input.name.length > MAX.name) errors.name = `Your name can be at most ${MAX.name} characters.`;
  if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = 'Please enter a valid email address, for example name@example.com.';
  if (!input.message.trim()) errors.message = 'Please write your message.';
  else if (input.message.length > MAX.message) errors.message = `Your message can be at most ${MAX.message} characters.`;
  return errors;
}

export function ContactForm() {
  const [values, setValues] = useState<MessageInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [key, setKey] = useState(newIdempotencyKey);
  const mutation = useMutation({
    mutationFn: (input: MessageInput) => sendMessage(input, key),
    onSuccess: () => {
      setValues(EMPTY);
      setKey(newIdempotencyKey());
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.errors as Errors);
    },
  });

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (mutation.isSuccess) mutation.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() };
    const found = validateMessage(input);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(input);
  };

  const fieldErrorShown = Object.values(errors).some(Boolean);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-heading">
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          autoComplete="name"
          maxLength={MAX.name}
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={errors.email}
        />
        <Textarea
          label="Message"
          required
          minRows={5}
          autosize
          maxLength={MAX.message}
          value={values.message}
          onChange={(e) => set('message')(e.currentTarget.value)}
          error={errors.message}
        />
        <div aria-live="polite">
          {mutation.isSuccess ? (
            <Alert color="green" variant="light" title="Message sent">
              Thank you for writing to us. We will get back to you soon.
            </Alert>
          ) : null}
          {mutation.isError && !fieldErrorShown ? (
            <Alert color="red" variant="light" title="Your message was not sent">
              {mutation.error.message}
            </Alert>
          ) : null}
        </div>
        <div>
          <Button type="submit" size="md" loading={mutation.isPending}>
            Send Message
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** The form as an island (ContactScreen): everything it needs it brings. */
export function ContactIsland() {
  return (
    <WithMantine>
      <WithQueryClient>
        <ContactForm />
      </WithQueryClient>
    </WithMantine>
  );
}
