/**
 * A built form's questions (shared/built-forms.ts), edited as a list rather than as its JSON: one
 * card per field with its kind, name, words in English and Bangla, required flag, limits and
 * options, moved up and down, added and removed. The value stays the JSON text the API stores, so
 * the form's save, drafts, history and conflicts treat it as any other text field; the server
 * checks it whole (content/form-hooks.ts) and its refusal names the field and the part.
 */
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormFieldDef, type FormFieldKind, FORM_FIELD_KINDS, parseFields } from '../../../../shared/built-forms';
import type { TextField } from '../../../../shared/entities';
import { useAdminText } from '../../i18n';
import { common, fieldText, type FieldProps } from '../field-props';

/** Options as staff type them: one a line, `value | label | Bangla label`. */
const optionsText = (field: FormFieldDef) =>
  (field.options ?? [])
    .map((o) => [o.value, o.label, o.label_bn].filter((part) => part !== undefined && part !== '').join(' | '))
    .join('\n');

function parseOptions(text: string): FormFieldDef['options'] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter(([value]) => value)
    .map(([value, label, labelBn]) => ({ value: value!, label: label || value!, ...(labelBn ? { label_bn: labelBn } : {}) }));
}

/** A name made from the label, unique in the form, as the API wants it. */
function nameFrom(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 30) || 'field';
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  return name;
}

const withoutEmpty = (field: FormFieldDef): FormFieldDef =>
  Object.fromEntries(
    Object.entries(field).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as unknown as FormFieldDef;

export function FormFieldsEditor(p: FieldProps<TextField>) {
  const { t } = useAdminText();
  const fields = parseFields(fieldText(p.value) || '[]');
  const save = (next: FormFieldDef[]) => p.onChange(JSON.stringify(next.map(withoutEmpty)));
  const change = (index: number, patch: Partial<FormFieldDef>) =>
    save(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  const move = (index: number, by: number) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    save(next);
  };
  const add = () => {
    const name = nameFrom(`question ${fields.length + 1}`, new Set(fields.map((f) => f.name)));
    save([...fields, { name, kind: 'text', label: '' }]);
  };
  const numberOf = (value: string | number) => (value === '' ? undefined : Number(value));
  return (
    <Input.Wrapper {...common(p)}>
      <Stack gap="sm" mt={6}>
        {fields.length === 0 ? <Text c="dimmed">{t('formFields.none')}</Text> : null}
        {fields.map((field, index) => {
          const at = `${p.name}-${index}`;
          const hasOptions = field.kind === 'choice' || field.kind === 'choices';
          const isText = ['text', 'textarea', 'email', 'phone'].includes(field.kind);
          return (
            <Card key={index} withBorder padding="sm" aria-label={t('formFields.card', { n: String(index + 1) })}>
              <Stack gap="xs">
                <Group grow align="flex-end">
                  <NativeSelect
                    label={t('formFields.kind')}
                    id={`${at}-kind`}
                    disabled={p.disabled}
                    value={field.kind}
                    data={FORM_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`formFields.kind.${kind}`) }))}
                    onChange={(e) => change(index, { kind: e.currentTarget.value as FormFieldKind })}
                  />
                  <TextInput
                    label={t('formFields.name')}
                    id={`${at}-name`}
                    disabled={p.disabled}
                    value={field.name}
                    onChange={(e) => change(index, { name: e.currentTarget.value })}
                  />
                  <Checkbox
                    label={t('formFields.required')}
                    id={`${at}-required`}
                    disabled={p.disabled || field.kind === 'consent'}
                    checked={field.required === true || field.kind === 'consent'}
                    onChange={(e) => change(index, { required: e.currentTarget.checked })}
                  />
                </Group>
                <Group grow>
                  <TextInput
                    label={t('formFields.label')}
                    id={`${at}-label`}
                    withAsterisk
                    disabled={p.disabled}
                    value={field.label ?? ''}
                    onChange={(e) => change(index, { label: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('formFields.labelBn')}
                    id={`${at}-label-bn`}
                    lang="bn"
                    disabled={p.disabled}
                    value={field.label_bn ?? ''}
                    onChange={(e) => change(index, { label_bn: e.currentTarget.value })}
                  />
                </Group>
                <Group grow>
                  <TextInput
                    label={t('formFields.hint')}
                    id={`${at}-hint`}
                    disabled={p.disabled}
                    value={field.hint ?? ''}
                    onChange={(e) => change(index, { hint: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('formFields.hintBn')}
                    id={`${at}-hint-bn`}
                    lang="bn"
                    disabled={p.disabled}
                    value={field.hint_bn ?? ''}
                    onChange={(e) => change(index, { hint_bn: e.currentTarget.value })}
                  />
                </Group>
                {isText || field.kind === 'number' ? (
                  <Group grow>
                    <NumberInput
                      label={field.kind === 'number' ? t('formFields.minValue') : t('formFields.minLength')}
                      id={`${at}-min`}
                      disabled={p.disabled}
                      value={field.min ?? ''}
                      onChange={(v) => change(index, { min: numberOf(v) })}
                    />
                    <NumberInput
                      label={field.kind === 'number' ? t('formFields.maxValue') : t('formFields.maxLength')}
                      id={`${at}-max`}
                      disabled={p.disabled}
                      value={field.max ?? ''}
                      onChange={(v) => change(index, { max: numberOf(v) })}
                    />
                  </Group>
                ) : null}
                {hasOptions ? (
                  <Textarea
                    label={t('formFields.options')}
                    description={t('formFields.optionsHint')}
                    id={`${at}-options`}
                    autosize
                    minRows={2}
                    disabled={p.disabled}
                    defaultValue={optionsText(field)}
                    // Saved as the staff member leaves the box, so a line being typed is not cut short.
                    onBlur={(e) => change(index, { options: parseOptions(e.currentTarget.value) })}
                  />
                ) : null}
                {field.kind === 'choice' ? (
                  <NativeSelect
                    label={t('formFields.display')}
                    id={`${at}-display`}
                    disabled={p.disabled}
                    value={field.display ?? 'radio'}
                    data={[
                      { value: 'radio', label: t('formFields.radio') },
                      { value: 'select', label: t('formFields.select') },
                    ]}
                    onChange={(e) => change(index, { display: e.currentTarget.value as 'radio' | 'select' })}
                  />
                ) : null}
                {field.kind === 'consent' ? (
                  <Group grow>
                    <Textarea
                      label={t('formFields.consentText')}
                      id={`${at}-text`}
                      withAsterisk
                      disabled={p.disabled}
                      value={field.text ?? ''}
                      onChange={(e) => change(index, { text: e.currentTarget.value })}
                    />
                    <Textarea
                      label={t('formFields.consentTextBn')}
                      id={`${at}-text-bn`}
                      lang="bn"
                      disabled={p.disabled}
                      value={field.text_bn ?? ''}
                      onChange={(e) => change(index, { text_bn: e.currentTarget.value })}
                    />
                  </Group>
                ) : null}
                {field.kind === 'file' ? (
                  <Group grow>
                    <TextInput
                      label={t('formFields.accept')}
                      id={`${at}-accept`}
                      placeholder=".pdf,.docx"
                      disabled={p.disabled}
                      value={field.accept ?? ''}
                      onChange={(e) => change(index, { accept: e.currentTarget.value })}
                    />
                    <NumberInput
                      label={t('formFields.maxMb')}
                      id={`${at}-max-mb`}
                      disabled={p.disabled}
                      value={field.max_mb ?? ''}
                      onChange={(v) => change(index, { max_mb: numberOf(v) })}
                    />
                  </Group>
                ) : null}
                <Group gap="xs" justify="flex-end">
                  <ActionIcon
                    variant="default"
                    aria-label={t('formFields.up')}
                    disabled={p.disabled || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('formFields.down')}
                    disabled={p.disabled || index === fields.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={p.disabled}
                    onClick={() => save(fields.filter((_, i) => i !== index))}
                  >
                    {t('formFields.remove')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
        <div>
          <Button variant="light" size="xs" disabled={p.disabled} onClick={add}>
            {t('formFields.add')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
