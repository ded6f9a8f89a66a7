import type { RecordDef } from '@htv/shared';
import { useMemo } from 'react';
import { canUseRecord } from '../auth/access';
import { useSession } from '../auth/session';

/** What the signed-in user may do with a record's rows (`<permission>.create|update|delete|<action>`). */
export function useRecordAccess(record: RecordDef) {
  const user = useSession();
  return useMemo(
    () => ({
      create: canUseRecord(user, record, 'create'),
      update: canUseRecord(user, record, 'update'),
      delete: canUseRecord(user, record, 'delete'),
      action: (name: string) => canUseRecord(user, record, name),
    }),
    [record, user],
  );
}
