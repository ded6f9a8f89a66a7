import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { recordKeys } from '../../crud/api';
import type { RowActionProps } from '../../crud/extensions';
import { useTexts } from '../../locales';
import { PMS_TEXTS } from './locales';

/**
 * A charge to the room the PMS refused (docs/pms.md "Posting charges"): the order list's posting
 * column says "posting failed"; this action shows the PMS's reason and sends the charge again, with
 * the same posting sequence (the PMS never posts it twice).
 */
export function RepostAction({ record, row }: RowActionProps) {
  const m = useTexts(PMS_TEXTS);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const path = record.name === 'vodOrder' ? 'vod' : 'shop';
  const repost = async () => {
    setBusy(true);
    try {
      await api.post(`/admin/${path}/orders/${row.id}/repost`, {});
      toastSuccess(m('reposted'));
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={m('postingFailed', { reason: String(row.postingError ?? '') })}>
      <Popconfirm title={m('repostConfirm', { reason: String(row.postingError ?? '') })} onConfirm={() => void repost()}>
        <Button type="link" size="small" loading={busy} data-testid="order-repost">
          {m('repost')}
        </Button>
      </Popconfirm>
    </Tooltip>
  );
}
