import { DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api, downloadFile, showApiError } from '../../api/client';
import { can } from '../../auth/access';
import type { RowActionProps } from '../../crud/extensions';
import { extendRecord } from '../../crud/extensions';
import { useTexts } from '../../locales';
import { LICENCE_TEXTS } from './locales';

/** Licences (docs/licences.md): the signed licence file of a row, and the public key that verifies it. */
function DownloadAction({ row }: RowActionProps) {
  const m = useTexts(LICENCE_TEXTS);
  const download = () => downloadFile('/admin/machine/download_encrypted_file', {}, `${String(row.licenceKey)}.lic`, { body: { id: row.id } }).catch(showApiError);
  return (
    <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download()} data-testid="licence-download">
      {m('download')}
    </Button>
  );
}

function PublicKeyAction() {
  const m = useTexts(LICENCE_TEXTS);
  const [open, setOpen] = useState(false);
  const key = useQuery({ queryKey: ['licencePublicKey'], queryFn: ({ signal }) => api.get<{ publicKey: string }>('/licences/public-key', undefined, signal), enabled: open });
  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="licence-public-key">
        {m('publicKey')}
      </Button>
      {open && (
        <Modal open title={m('publicKey')} footer={null} onCancel={() => setOpen(false)}>
          <Typography.Paragraph type="secondary">{m('publicKeyHint')}</Typography.Paragraph>
          {key.data ? (
            <Typography.Paragraph copyable code data-testid="licence-public-key-pem" style={{ whiteSpace: 'pre-wrap' }}>
              {key.data.publicKey}
            </Typography.Paragraph>
          ) : (
            <Spin />
          )}
        </Modal>
      )}
    </>
  );
}

extendRecord('licence', {
  rowActions: [{ key: 'download', visible: (s) => can(s.loginInfo, 'license.read'), Component: DownloadAction }],
  toolbar: [{ key: 'publicKey', visible: (s) => can(s.loginInfo, 'license.read'), Component: PublicKeyAction }],
});
