/**
 * While an edit form is open, tell the server every ~30 s and learn who else has the record open
 * (their marks vanish a minute after their last word); closing the form says so at once.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EntityDef } from '../../../shared/entities';
import { adminCall } from '../api/admin-call';

const HEARTBEAT_MS = 30_000;

export interface OtherEditor {
  user_id: number;
  user_name: string | null;
  seen_at: string;
}

export function usePresence(def: EntityDef, recordKey: string, active: boolean): OtherEditor[] {
  const path = `${def.resource}/${encodeURIComponent(recordKey)}/presence`;
  const others = useQuery({
    queryKey: ['presence', def.resource, recordKey],
    queryFn: () => adminCall<{ data: OtherEditor[] }>(path, { method: 'POST' }).then((r) => r.data),
    enabled: active,
    refetchInterval: HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    // A heartbeat that fails (offline) simply waits for the next one; it has no failure toast.
    retry: false,
  });
  useEffect(() => {
    if (!active) return;
    return () => {
      void adminCall(path, { method: 'DELETE' }).catch(() => undefined);
    };
  }, [active, path]);
  return others.data ?? [];
}
