import type { RecordDef } from '@htv/shared';
import { useMemo } from 'react';
import { canUseRecord } from '../auth/access';
import { useSession } from '../auth/session';

/**
 * What the signed-in user may do with a record's rows: `<permission>.create|update|delete|<action>`,
 * and only the generic writes the record has (`operations`: when off, the server has no such route,
 * so the button is not shown either).
 */
export function useRecordAccess(record: RecordDef) {
  const user = useSession();
  return useMemo(
    () => ({
      create: record.operations.create && canUseRecord(user, record, 'create'),
      update: record.operations.update && canUseRecord(user, record, 'update'),
      delete: record.operations.delete && canUseRecord(user, record, 'delete'),
      action: (name: string) => canUseRecord(user, record, name),
    }),
    [record, user],
  );
}
