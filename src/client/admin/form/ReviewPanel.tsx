/**
 * Review before publishing on a page, post or slide form (issue #61): the record's stage as a
 * badge, the transitions the user's rights and the stage allow, and the comment thread, each
 * comment with the version it was made on. When the record is live and its draft is under review
 * (an author's change to a published record), the card shows the draft's stage and moves it
 * (`target: 'draft'`, named by the draft's revision); visitors keep the published version meanwhile.
 *
 * Each step and comment goes through the outbox of saves (pwa/entity-saves.ts, followed by the
 * outbox's statechart, machines/save-outbox.ts): made offline it waits on the device, is shown
 * here as waiting (and in the header's list), survives a reload and is sent once when the
 * connection returns, with an Idempotency-Key and the version it was made on. Refused because the
 * record changed since, it is kept on the device and shown here beside the record as it is now
 * (the form's conflict table, without choices): nothing is applied to the newer text.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { conflictRecord, openConflict } from '../../../../machines/entity-form';
import type { EntityDef } from '../../../shared/entities';
import type { Subject } from '../../../shared/rights';
import { apiPath } from '../../api/http';
import { type ConflictedEdit, takeConflictedEdit } from '../../pwa/conflicted-edits';
import {
  cancelSave,
  editedResource,
  isSave,
  type ReviewStep,
  SAVE_ENTITY_KEY,
  SaveCancelledError,
  type SaveEntityVariables,
} from '../../pwa/entity-saves';
import { startSave } from '../../pwa/save-outbox';
import { lazyComponent } from '../../ui/lazy-component';
import { adminCall } from '../api/admin-call';
import { entityKeys, entityRecordQuery } from '../api/entity-queries';
import { notifyFailure } from '../api/notify';
import { formatTime } from '../format-time';
import { useAdminText } from '../i18n';
import { useSessionOwner } from '../outbox/pending-saves';
import { maySend } from '../session/session-owner';
import { useRights } from '../session/rights';
import { toFormValues } from './form-values';

// Its table only when a step was refused.
const ConflictPanel = lazyComponent(() => import('./ConflictPanel').then((m) => m.ConflictPanel));

type Stage = 'draft' | 'in_review' | 'approved' | null;
type Move = 'submit' | 'approve' | 'request-changes' | 'publish';

interface ReviewComment {
  id: number;
  version: number;
  parent_id: number | null;
  user_name: string | null;
  action: string | null;
  body: string;
  created_at: string;
  on_draft?: number;
}

interface ReviewAnswer {
  stage: Stage;
  version: number;
  draft: { stage: Stage; revision: number } | null;
  comments: ReviewComment[];
}

const STAGE_COLOR: Record<Exclude<Stage, null> | 'published', string> = {
  draft: 'gray',
  in_review: 'yellow',
  approved: 'blue',
  published: 'green',
};

/** The moves offered at each stage; the server refuses the others with a 409 anyway. */
const MOVES_AT: Record<Exclude<Stage, null>, readonly Move[]> = {
  draft: ['submit', 'publish'],
  in_review: ['approve', 'request-changes', 'publish'],
  approved: ['publish', 'request-changes'],
};

const MOVE_WORD = {
  submit: 'review.submit',
  approve: 'review.approve',
  'request-changes': 'review.requestChanges',
  publish: 'review.publish',
  comments: 'review.addComment',
} as const;

/** This record's review steps still in the outbox (restored after a reload too), the signed-in person's. */
function useWaitingSteps(resource: string, recordKey: string): SaveEntityVariables[] {
  const owner = useSessionOwner();
  return useMutationState({
    filters: { mutationKey: SAVE_ENTITY_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as SaveEntityVariables,
  }).filter((step) => step?.review && step.resource === resource && step.id === recordKey && maySend(step.owner, owner));
}

/**
 * A step of this record refused as stale: the outbox's chart keeps it on the device
 * (conflicted-edits.ts), whether this card was open or not (a step restored after a reload).
 * The card takes it when it opens, and whenever one of the record's steps is refused.
 */
function useRefusedStep(resource: string, recordKey: string) {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<ConflictedEdit | null>(null);
  const take = useCallback(() => {
    const kept = takeConflictedEdit(editedResource({ resource, review: 'approve' }), recordKey);
    if (kept) setRefused(kept);
  }, [resource, recordKey]);
  useEffect(() => {
    take();
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error' || !isSave(event.mutation)) return;
      const step = event.mutation.state.variables as SaveEntityVariables | undefined;
      if (!step?.review || step.resource !== resource || step.id !== recordKey) return;
      // After the outbox's actor has heard the refusal and kept the step (it hears it next).
      setTimeout(take, 0);
    });
  }, [queryClient, take, resource, recordKey]);
  return [refused, take, () => setRefused(null)] as const;
}

export function ReviewPanel({ def, recordKey, onMoved }: { def: EntityDef; recordKey: string; onMoved: () => void }) {
  const { t } = useAdminText();
  const rights = useRights();
  const queryClient = useQueryClient();
  const queryKey = [...entityKeys.all(def.resource), 'review', recordKey] as const;
  const review = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      adminCall<{ data: ReviewAnswer }>(apiPath`${def.resource}/${recordKey}/review`, { signal }).then((r) => r.data),
  });
  const [comment, setComment] = useState('');
  const [replyTo, setReplyTo] = useState<ReviewComment | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const record = useQuery(entityRecordQuery(def, recordKey));
  const waiting = useWaitingSteps(def.resource, recordKey);
  const [refused, takeRefused, dismissRefused] = useRefusedStep(def.resource, recordKey);
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.resource) });
  }, [queryClient, def.resource]);
  // Leaving the form stops listening, never the step: it is sent all the same.
  const following = useRef(new Set<() => void>());
  useEffect(() => {
    const stops = following.current;
    return () => stops.forEach((stop) => stop());
  }, []);
  const send = (step: ReviewStep, body: Record<string, unknown>) => {
    const stop = startSave(
      queryClient,
      {
        resource: def.resource,
        id: recordKey,
        body,
        idempotencyKey: crypto.randomUUID(),
        review: step,
        seen: step === 'comments' ? undefined : record.data,
      },
      {
        waiting: () => {},
        resumed: () => {},
        landed: () => {
          following.current.delete(stop);
          setComment('');
          setReplyTo(null);
          if (step !== 'comments')
            notifications.show({ color: 'green', message: t('review.done', { what: t(MOVE_WORD[step]) }) });
          void reload().then(() => step !== 'comments' && onMoved());
        },
        failed: (error) => {
          following.current.delete(stop);
          if (error instanceof SaveCancelledError) return;
          if (conflictRecord(error)) {
            takeRefused();
            void reload();
          } else notifyFailure(t(step === 'comments' ? 'review.commentFailed' : 'review.failed'), error);
        },
      },
    );
    following.current.add(stop);
  };
  if (!review.data) return null;
  const { comments, draft } = review.data;
  // The draft's own stage when it is under review; else the record's.
  const onDraft = draft?.stage != null;
  const stage = onDraft ? draft.stage : review.data.stage;
  const version = onDraft ? draft.revision : review.data.version;
  const target = onDraft ? { target: 'draft' } : {};
  const latestOf = (c: ReviewComment) => (c.on_draft ? (draft?.revision ?? c.version) : review.data!.version);
  const subject = def.resource as Subject;
  const mayMove = (action: Move) => rights !== undefined && rights.can(subject, action === 'submit' ? 'update' : 'review');
  const offered = stage === null ? [] : MOVES_AT[stage].filter(mayMove);
  const run = (action: Move) => {
    if (action === 'request-changes' && !comment.trim()) {
      setCommentError(t('review.needsComment'));
      return;
    }
    setCommentError(null);
    send(action, { version, ...target, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };
  const stepWaiting = waiting.some((step) => step.review !== 'comments');
  const refusedVersion = refused ? Number(refused.body.version) : null;
  const byId = new Map(comments.map((c) => [c.id, c]));

  return (
    <Card withBorder padding="md" aria-label={t('review.title')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{onDraft ? t('review.ofDraft') : t('review.title')}</Text>
          <Badge color={STAGE_COLOR[stage ?? 'published']} data-testid="review-stage">
            {t(`review.stage.${stage ?? 'published'}`)}
          </Badge>
        </Group>
        {waiting.map((step) => (
          <Alert
            key={step.idempotencyKey}
            color="yellow"
            role="status"
            title={t('review.waiting', { what: t(MOVE_WORD[step.review!]) })}
          >
            {typeof step.body.comment === 'string' || typeof step.body.body === 'string' ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {String(step.body.comment ?? step.body.body)}
              </Text>
            ) : null}
            <Button mt="xs" size="xs" variant="default" onClick={() => cancelSave(queryClient, step.idempotencyKey)}>
              {t('common.cancel')}
            </Button>
          </Alert>
        ))}
        {refused && record.data && (
          <Suspense fallback={null}>
            <ConflictPanel
              def={def}
              conflict={openConflict(toFormValues(def, refused.body), toFormValues(def, record.data), null)}
              title={t('review.refused', {
                what: t(MOVE_WORD[(refused.review ?? 'approve') as ReviewStep]),
                version: refusedVersion,
                current: record.data.version,
              })}
              text={t('review.refusedText')}
              yoursLabel={t('review.seenVersion', { version: refusedVersion })}
              actions={
                <>
                  <Button
                    size="xs"
                    onClick={() => {
                      dismissRefused();
                      onMoved();
                    }}
                  >
                    {t('review.showNewer')}
                  </Button>
                  <Button size="xs" variant="default" onClick={dismissRefused}>
                    {t('review.dismiss')}
                  </Button>
                </>
              }
            />
          </Suspense>
        )}
        {comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('review.noComments')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {comments.map((c) => (
              <li key={c.id} style={{ marginLeft: c.parent_id && byId.has(c.parent_id) ? 24 : 0 }}>
                <Text size="sm">
                  <b>{c.user_name ?? '—'}</b>
                  {c.action === 'request-changes' ? ` · ${t('review.requestChanges')}` : ''}
                  {' · '}
                  {formatTime(c.created_at, 'YYYY-MM-DD HH:mm')}
                  {' · '}
                  <Text span size="sm" c={c.version < latestOf(c) ? 'orange' : 'dimmed'}>
                    {c.version < latestOf(c)
                      ? t('review.earlierVersion', { version: c.version })
                      : t('review.onVersion', { version: c.version })}
                  </Text>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {c.body}
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => setReplyTo(c)}>
                  {t('review.reply')}
                </Button>
              </li>
            ))}
          </Stack>
        )}
        <Textarea
          label={replyTo ? t('review.replyingTo', { name: replyTo.user_name ?? '—' }) : t('review.comment')}
          description={t('review.commentHint')}
          value={comment}
          error={commentError}
          autosize
          minRows={2}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!comment.trim()}
            onClick={() => send('comments', { body: comment.trim(), ...target, ...(replyTo ? { parent_id: replyTo.id } : {}) })}
          >
            {t('review.addComment')}
          </Button>
          {offered.map((action) => (
            <Button
              key={action}
              size="xs"
              color={action === 'request-changes' ? 'orange' : undefined}
              // One step at a time: a second pressed while the first waits would meet a stage it moved.
              disabled={stepWaiting}
              onClick={() => run(action)}
            >
              {t(MOVE_WORD[action])}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
