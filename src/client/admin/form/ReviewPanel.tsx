/**
 * Review before publishing on a page, post or slide form (issue #61): the record's stage as a
 * badge, the transitions the user's rights and the stage allow, and the comment thread, each
 * comment with the version it was made on. Each action is one request (the server checks the
 * stage, the right and the version), so there is no flow to model beyond the request itself.
 */
import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntityDef } from '../../../shared/entities';
import type { Subject } from '../../../shared/rights';
import { apiPath } from '../../api/http';
import { adminCall } from '../api/admin-call';
import { entityKeys } from '../api/entity-queries';
import { notifyFailure } from '../api/notify';
import { formatTime } from '../format-time';
import { useAdminText } from '../i18n';
import { useRights } from '../session/rights';

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
}

interface ReviewAnswer {
  stage: Stage;
  version: number;
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
} as const;

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
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.resource) });
  };
  const move = useMutation({
    mutationFn: (action: Move) =>
      adminCall(apiPath`${def.resource}/${recordKey}/review/${action}`, {
        method: 'POST',
        body: { version: review.data?.version, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      }),
    onSuccess: async (_answer, action) => {
      setComment('');
      setReplyTo(null);
      notifications.show({ color: 'green', message: t('review.done', { what: t(MOVE_WORD[action]) }) });
      await reload();
      onMoved();
    },
    onError: (error) => notifyFailure(t('review.failed'), error),
  });
  const addComment = useMutation({
    mutationFn: () =>
      adminCall(apiPath`${def.resource}/${recordKey}/review/comments`, {
        method: 'POST',
        body: { body: comment.trim(), ...(replyTo ? { parent_id: replyTo.id } : {}) },
      }),
    onSuccess: async () => {
      setComment('');
      setReplyTo(null);
      await reload();
    },
    onError: (error) => notifyFailure(t('review.commentFailed'), error),
  });
  if (!review.data) return null;
  const { stage, version, comments } = review.data;
  const subject = def.resource as Subject;
  const mayMove = (action: Move) => rights !== undefined && rights.can(subject, action === 'submit' ? 'update' : 'review');
  const offered = stage === null ? [] : MOVES_AT[stage].filter(mayMove);
  const run = (action: Move) => {
    if (action === 'request-changes' && !comment.trim()) {
      setCommentError(t('review.needsComment'));
      return;
    }
    setCommentError(null);
    move.mutate(action);
  };
  const byId = new Map(comments.map((c) => [c.id, c]));

  return (
    <Card withBorder padding="md" aria-label={t('review.title')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{t('review.title')}</Text>
          <Badge color={STAGE_COLOR[stage ?? 'published']} data-testid="review-stage">
            {t(`review.stage.${stage ?? 'published'}`)}
          </Badge>
        </Group>
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
                  <Text span size="sm" c={c.version < version ? 'orange' : 'dimmed'}>
                    {c.version < version
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
            loading={addComment.isPending}
            onClick={() => addComment.mutate()}
          >
            {t('review.addComment')}
          </Button>
          {offered.map((action) => (
            <Button
              key={action}
              size="xs"
              color={action === 'request-changes' ? 'orange' : undefined}
              loading={move.isPending && move.variables === action}
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
