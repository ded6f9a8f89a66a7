import { UploadOutlined } from '@ant-design/icons';
import { records, translate } from '@htv/shared';
import { MAX_MAC_SEARCH } from '@htv/shared/devices/protocol';
import { Alert, Button, Input, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError, showApiError } from '../../api/client';
import { useLang } from '../../locales';
import { splitMacs } from '../devices/api';
import { oemApi, type OemMacSearchResult, type OemTerminal } from './api';
import { useOemText } from './locales';

const PAGE_SIZE = 50;
const fields = records.terminal.fields;
const AUTH_COLORS: Record<string, string> = { authorized: 'green', unauthorized: 'orange', disabled: 'red' };

/** The server's field messages of a refused search (the 20,000 limit, a malformed file), shown in the dialog. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return undefined;
  return Object.values(error.errors).flat().join('; ');
}

/**
 * A manufacturer's MAC search: MACs pasted, read from a .txt file (into the box) or from an .xlsx
 * (read by the server); the found count, the missing and malformed entries, and the found terminals
 * a page at a time.
 */
export function MacSearchDialog({ customer, onClose }: { customer: { id: number; name: string }; onClose: () => void }) {
  const m = useOemText();
  const lang = useLang();
  const [text, setText] = useState('');
  const [macs, setMacs] = useState<string[]>([]);
  const [result, setResult] = useState<OemMacSearchResult>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const count = splitMacs(text).length;

  const run = async (load: () => Promise<OemMacSearchResult>) => {
    setLoading(true);
    setError(undefined);
    try {
      const answer = await load();
      setResult(answer);
      if (answer.macs) setMacs(answer.macs);
    } catch (e) {
      const message = refusal(e);
      if (message) setError(message);
      else showApiError(e);
    } finally {
      setLoading(false);
    }
  };

  const search = (list: string[]) => {
    if (!list.length) return setError(m('macRequired'));
    if (list.length > MAX_MAC_SEARCH) return setError(translate('oem.macSearchLimit', lang, { max: MAX_MAC_SEARCH }));
    setMacs(list);
    void run(() => oemApi.search(customer.id, list, 1, PAGE_SIZE));
  };

  const upload = (file: File) => {
    if (/\.xlsx$/i.test(file.name)) {
      setText('');
      void run(() => oemApi.searchExcel(customer.id, file, PAGE_SIZE));
    } else if (/\.txt$/i.test(file.name)) {
      void file.text().then((content) => {
        setText(content);
        search(splitMacs(content));
      });
    } else {
      setError(m('onlyTxtOrExcel'));
    }
    return false;
  };

  const columns: ColumnsType<OemTerminal> = [
    { title: fields.mac.label[lang], dataIndex: 'mac' },
    { title: fields.sn.label[lang], dataIndex: 'sn' },
    { title: fields.launcher.label[lang], dataIndex: 'launcher' },
    { title: m('hotel'), dataIndex: 'hotelName', render: (v: string | null) => v ?? '-' },
    { title: fields.online.label[lang], dataIndex: 'online', render: (v: boolean) => (v ? <Tag color="green">{m('online')}</Tag> : <Tag>{m('offline')}</Tag>) },
    {
      title: fields.authorization.label[lang],
      dataIndex: 'authorization',
      render: (v: string) => <Tag color={AUTH_COLORS[v]}>{fields.authorization.options?.[v]?.[lang] ?? v}</Tag>,
    },
  ];

  return (
    <Modal open title={m('macSearchTitle', { name: customer.name })} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="oem-mac-search">
        <Typography.Text type="secondary">{m('macSearchHelp')}</Typography.Text>
        <Input.TextArea rows={5} value={text} onChange={(e) => setText(e.target.value)} data-testid="oem-mac-input" />
        <Space wrap>
          <Typography.Text type={count > MAX_MAC_SEARCH ? 'danger' : 'secondary'}>{m('macCount', { count })}</Typography.Text>
          <Button type="primary" onClick={() => search(splitMacs(text))} loading={loading} data-testid="oem-mac-run">
            {m('search')}
          </Button>
          <Upload accept=".txt,.xlsx" showUploadList={false} beforeUpload={upload}>
            <Button icon={<UploadOutlined />} loading={loading}>
              {m('uploadFile')}
            </Button>
          </Upload>
        </Space>
        {error && <Alert type="error" showIcon title={error} data-testid="oem-mac-error" />}
        {result && (
          <>
            {result.launchers.length ? (
              <Typography.Text type="secondary">{m('launchers', { list: result.launchers.join(', ') })}</Typography.Text>
            ) : (
              <Alert type="warning" showIcon title={m('noLaunchers')} />
            )}
            <Typography.Text strong data-testid="oem-mac-found">
              {m('found', { count: result.total })}
            </Typography.Text>
            <Typography.Text>{m('missing', { count: result.missing.length })}</Typography.Text>
            <Input.TextArea readOnly rows={Math.min(4, Math.max(1, result.missing.length))} value={result.missing.join('\n') || m('none')} data-testid="oem-mac-missing" />
            {result.invalid.length > 0 && (
              <>
                <Typography.Text type="warning">{m('invalid', { count: result.invalid.length })}</Typography.Text>
                <Input.TextArea readOnly rows={2} value={result.invalid.join('\n')} data-testid="oem-mac-invalid" />
              </>
            )}
            <Table<OemTerminal>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={result.items}
              loading={loading}
              scroll={{ x: 'max-content' }}
              data-testid="oem-mac-table"
              pagination={{
                current: result.page,
                pageSize: result.pagesize,
                total: result.total,
                showSizeChanger: false,
                onChange: (page) => void run(() => oemApi.search(customer.id, macs, page, PAGE_SIZE)),
              }}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
