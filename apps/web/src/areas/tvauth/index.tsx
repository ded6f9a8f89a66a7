import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Image, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { downloadFile, send, showApiError } from '../../api/client';
import { can } from '../../auth/access';
import type { RowActionProps } from '../../crud/extensions';
import { extendRecord } from '../../crud/extensions';
import { useDeviceText } from '../devices/locales';

/**
 * TV-auth projects (docs/devices.md "TV-auth projects"): the mini-program QR code of a project, and
 * its models and logs (the generated pages of those records, filtered by the project).
 */
const qrPath = (id: number) => `/tv-auth/projects/${id}/qr`;

function QrModal({ row, onClose }: RowActionProps & { onClose: () => void }) {
  const d = useDeviceText();
  const png = useQuery({ queryKey: ['tvAuthQr', row.id], queryFn: async () => (await send('GET', qrPath(row.id))).blob(), gcTime: 0 });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!png.data) return;
    const objectUrl = URL.createObjectURL(png.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [png.data]);
  const download = () => downloadFile(qrPath(row.id), {}, `tv-auth-${row.id}.png`).catch(showApiError);
  return (
    <Modal
      open
      title={d('tvAuthQrTitle', { name: String(row.name) })}
      onCancel={onClose}
      footer={
        <Button type="primary" icon={<DownloadOutlined />} disabled={!url} onClick={() => void download()} data-testid="tv-auth-qr-download">
          {d('tvAuthDownload')}
        </Button>
      }
    >
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        {url ? <Image src={url} width={240} preview={false} alt={d('tvAuthQr')} data-testid="tv-auth-qr-image" /> : <Spin />}
        <Typography.Text type="secondary">{d('tvAuthQrHint')}</Typography.Text>
      </Space>
    </Modal>
  );
}

function QrAction(props: RowActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="tv-auth-qr">
        {d('tvAuthQr')}
      </Button>
      {open && <QrModal {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

/** A link to a record page of the project's rows (models, logs). */
function projectLink(page: 'models' | 'logs', label: 'tvAuthModels' | 'tvAuthLogs') {
  return function ProjectLink({ row }: RowActionProps) {
    const d = useDeviceText();
    const navigate = useNavigate();
    return (
      <Button type="link" size="small" onClick={() => navigate(`/terminal_control/tv_auth/${page}?project=${row.id}`)} data-testid={`tv-auth-${page}`}>
        {d(label)}
      </Button>
    );
  };
}

extendRecord('tvAuthProject', {
  rowActions: [
    { key: 'qr', visible: (s) => can(s.loginInfo, 'tvAuth.read'), Component: QrAction },
    { key: 'models', visible: (s) => can(s.loginInfo, 'tvAuth.read'), Component: projectLink('models', 'tvAuthModels') },
    { key: 'logs', visible: (s) => can(s.loginInfo, 'tvAuth.read'), Component: projectLink('logs', 'tvAuthLogs') },
  ],
});
