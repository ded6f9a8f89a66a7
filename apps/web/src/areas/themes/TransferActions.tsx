import { InboxOutlined } from '@ant-design/icons';
import { formatBytes, translate } from '@htv/shared';
import { THEME_IMPORT_LIMITS } from '@htv/shared/areas/themes/index';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Tabs, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiUrl, handleUnauthorized, showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { authHeaders } from '../../api/token';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { useLang } from '../../locales';
import type { ThemeItem } from './api';
import { transferApi, type NewTheme } from './transfer-api';
import { useTransferText } from './transfer-locales';

/** The quick-settings page of a theme (route table: /themes/themes_tag_setting/:tid). */
export const quickSettingsPath = (id: number) => `/themes/themes_tag_setting/${id}`;

type Row = ThemeItem & { brandId?: number | null; hotelId?: number | null };

/**
 * Copy, backup, export and quick settings on a row of a template list, each only where the server
 * would allow it: copy and backup need theme.create (backup only of a theme the caller changes),
 * quick settings theme.update on the caller's own template or, for a hotel, its brand's shared one.
 */
export function TransferRowActions({ row }: { row: Row }) {
  const m = useTransferText();
  const user = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const make = async (call: () => Promise<NewTheme>, done: 'copied' | 'backedUp') => {
    try {
      const theme = await call();
      toastSuccess(m(done, { name: theme.name }));
      await client.invalidateQueries({ queryKey: ['themes'] });
    } catch (error) {
      showApiError(error);
    }
  };
  const brandShared = user.user_type === 3 && row.hotelId === null && row.brandId !== null && row.brandId !== undefined;
  return (
    <>
      {can(user, 'theme.create') && (
        <Button type="link" size="small" onClick={() => make(() => transferApi.copy(row.id), 'copied')} data-testid="theme-copy">
          {m('copy')}
        </Button>
      )}
      {can(user, 'theme.create') && row.editable && (
        <Popconfirm title={m('backupConfirm')} onConfirm={() => make(() => transferApi.backup(row.id), 'backedUp')} okText={m('ok')} cancelText={m('cancel')}>
          <Button type="link" size="small" data-testid="theme-backup">
            {m('backup')}
          </Button>
        </Popconfirm>
      )}
      <Button type="link" size="small" onClick={() => transferApi.exportZip(row.id, row.name).catch((error) => showApiError(error))} data-testid="theme-export">
        {m('export')}
      </Button>
      {can(user, 'theme.update') && (row.editable || brandShared) && (
        <Button type="link" size="small" onClick={() => navigate(quickSettingsPath(row.id))} data-testid="theme-quick-settings">
          {m('quickSettings')}
        </Button>
      )}
    </>
  );
}

/** The message of a failed upload's answer: its field messages, else its errmsg. */
function uploadFailure(response: unknown, lang: ReturnType<typeof useLang>): string {
  const body = (response ?? {}) as { errmsg?: string; errors?: Record<string, string[]> };
  const fields = Object.values(body.errors ?? {}).flat();
  return fields.length ? fields.join('; ') : body.errmsg || translate('upload.failed', lang);
}

/** "Import template": an export zip (uploaded with its progress shown) or a remote JSON address. */
export function ImportButton() {
  const m = useTransferText();
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ url: string }>();
  if (!can(user, 'theme.create')) return null;

  const imported = async (theme: NewTheme) => {
    toastSuccess(m('imported', { name: theme.name }));
    await client.invalidateQueries({ queryKey: ['themes'] });
    setOpen(false);
  };
  const importUrl = async () => {
    const { url } = await form.validateFields();
    setBusy(true);
    try {
      await imported(await transferApi.importUrl(url));
    } catch (error) {
      showApiError(error, form, ['url']);
    } finally {
      setBusy(false);
    }
  };
  const zipTab = (
    <Upload.Dragger
        name="file"
        action={apiUrl('/admin/theme/import')}
        headers={authHeaders()}
        accept=".zip,application/zip"
        maxCount={1}
        fileList={files}
        beforeUpload={(file) => {
          if (file.size <= THEME_IMPORT_LIMITS.zipBytes) return true;
          toastError(translate('upload.tooLarge', lang, { max: formatBytes(THEME_IMPORT_LIMITS.zipBytes) }));
          return Upload.LIST_IGNORE;
        }}
        onChange={({ file, fileList }) => {
          setFiles(fileList);
          if (file.status === 'done') void imported((file.response as { data: NewTheme }).data).then(() => setFiles([]));
          if (file.status === 'error') {
            if ((file.error as { status?: number } | undefined)?.status === 401) handleUnauthorized();
            else toastError(uploadFailure(file.response, lang));
            setFiles([]);
          }
        }}
        data-testid="theme-import-zip"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{m('importZipHint', { max: formatBytes(THEME_IMPORT_LIMITS.zipBytes) })}</p>
    </Upload.Dragger>
  );
  const urlTab = (
    <Form form={form} layout="vertical" onFinish={importUrl}>
      <Form.Item name="url" label={m('url')} extra={m('importUrlHint')} rules={[{ required: true, type: 'url', max: 2000 }]}>
        <Input placeholder="https://" data-testid="theme-import-url" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="theme-import-url-submit">
        {busy ? m('importing') : m('import')}
      </Button>
    </Form>
  );
  return (
    <>
      <Button onClick={() => (setFiles([]), form.resetFields(), setOpen(true))} data-testid="theme-import">
        {m('import')}
      </Button>
      <Modal open={open} title={m('importTitle')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Tabs
          items={[
            { key: 'zip', label: m('importZip'), children: zipTab },
            { key: 'url', label: m('importUrl'), children: urlTab },
          ]}
        />
      </Modal>
    </>
  );
}
