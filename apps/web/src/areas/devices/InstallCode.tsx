import { KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import type { RowActionProps, ToolbarActionProps } from '../../crud/extensions';
import { deviceApi, deviceKeys } from './api';
import { useDeviceText } from './locales';

/**
 * A hotel's install code (docs/devices.md "Install code"), shown with its rotation: a hotel user's own
 * (no `hotelId`), or the hotel a platform or brand user picked in the hotel list.
 */
function InstallCodeModal({ hotelId, onClose }: { hotelId?: number; onClose: () => void }) {
  const d = useDeviceText();
  const user = useSession();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: deviceKeys.hotelSettings(hotelId), queryFn: ({ signal }) => deviceApi.hotelSettings(hotelId, signal) });
  const rotate = useMutation({
    mutationFn: () => deviceApi.rotateInstallCode(hotelId),
    onSuccess: (data) => {
      client.setQueryData(deviceKeys.hotelSettings(hotelId), data);
      toastSuccess(d('installCodeRotated'));
    },
    onError: (error) => showApiError(error),
  });
  return (
    <Modal open title={d('installCodeTitle', { name: settings.data?.name ?? '' })} onCancel={onClose} footer={null} destroyOnHidden>
      <QueryStatus query={settings}>
        <Typography.Title level={3} copyable data-testid="install-code-value" style={{ fontFamily: 'monospace', textAlign: 'center' }}>
          {settings.data?.installCode}
        </Typography.Title>
        <Alert type="info" showIcon title={d('installCodeHint')} />
        {can(user, 'terminal.update') && (
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            <Popconfirm title={d('installCodeRotateConfirm')} onConfirm={() => rotate.mutateAsync().catch(() => undefined)} okButtonProps={{ danger: true }}>
              <Button danger loading={rotate.isPending} data-testid="install-code-rotate">
                {d('installCodeRotate')}
              </Button>
            </Popconfirm>
          </div>
        )}
      </QueryStatus>
    </Modal>
  );
}

/** The terminal list's toolbar button of a hotel user: the own hotel's code. */
export function InstallCodeToolbarAction(_: ToolbarActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="install-code-open">
        {d('installCode')}
      </Button>
      {open && <InstallCodeModal onClose={() => setOpen(false)} />}
    </>
  );
}

/** The hotel list's row action (platform and brand users). */
export function InstallCodeRowAction({ row }: RowActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="install-code-open">
        {d('installCode')}
      </Button>
      {open && <InstallCodeModal hotelId={row.id} onClose={() => setOpen(false)} />}
    </>
  );
}
