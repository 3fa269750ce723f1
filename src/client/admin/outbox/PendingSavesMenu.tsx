import { Menu } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { entityByResource, type EntityDef } from '../../../shared/entities';
import type { ReviewStep, SaveEntityVariables } from '../../pwa/entity-saves';
import { useAdminText } from '../i18n';
import type { DropdownProps } from '../layout/OnFirstPress';
import { labelOf, usePendingSaves } from './pending-saves';

/** What a waiting review step (issue 61) is called: the Review card's button. */
const STEP_WORD = {
  submit: 'review.submit',
  approve: 'review.approve',
  'request-changes': 'review.requestChanges',
  publish: 'review.publish',
  comments: 'review.addComment',
} as const satisfies Record<ReviewStep, string>;

/** The saves that wait, loaded when their header badge is first pressed (PendingSaves.tsx). */
export function PendingSavesMenu({ target, defaultOpened }: DropdownProps<object>) {
  const { t, term } = useAdminText();
  const saves = usePendingSaves();
  const navigate = useNavigate();
  /** A pending save opens its record's form, or for a new record what was typed. */
  const open = (def: EntityDef, save: SaveEntityVariables) =>
    save.id !== undefined
      ? navigate({ to: '/admin/$entity/form/$id', params: { entity: def.adminPath, id: save.id } })
      : navigate({ to: '/admin/$entity/form', params: { entity: def.adminPath }, search: { pending: save.idempotencyKey } });
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('outbox.kept')}</Menu.Label>
        {saves.map((save) => {
          const def = entityByResource(save.resource);
          if (!def) return null;
          return (
            <Menu.Item key={save.idempotencyKey} onClick={() => void open(def, save)}>
              {save.review
                ? t('outbox.reviewStep', {
                    step: t(STEP_WORD[save.review]),
                    what: term(def.formTitle).toLowerCase(),
                    label: labelOf(def, save),
                  })
                : t(save.id === undefined ? 'outbox.new' : 'outbox.changed', {
                    what: term(def.formTitle).toLowerCase(),
                    label: labelOf(def, save),
                  })}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
