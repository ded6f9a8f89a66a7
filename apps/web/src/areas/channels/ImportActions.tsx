import { CalendarOutlined, ImportOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Statistic, Table, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { channelsApi, type ImportPreview, type PreviewChannel, type PreviewProblem } from './api';
import { CHANNEL_TEXTS } from './locales';
import { useTexts } from '../../locales';

type Texts = ReturnType<typeof useTexts<(typeof CHANNEL_TEXTS)['zh-CN']>>;

function channelColumns(m: Texts) {
  return [
    { key: 'number', title: m('number'), dataIndex: 'number', width: 90 },
    { key: 'name', title: m('name'), dataIndex: 'name' },
    { key: 'type', title: m('type'), dataIndex: 'type' },
    { key: 'epgId', title: 'EPG', dataIndex: 'epgId' },
  ];
}

function Rows<R extends PreviewChannel | PreviewProblem>({ rows, total, columns, m, testId }: { rows: R[]; total: number; columns: object[]; m: Texts; testId: string }) {
  return (
    <>
      {total > rows.length && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={m('moreRows', { shown: rows.length, total })} />}
      <Table size="small" data-testid={testId} rowKey={(row, index) => `${'line' in row ? row.line : row.name}-${index}`} dataSource={rows} columns={columns as never} pagination={{ pageSize: 10, showSizeChanger: false }} />
    </>
  );
}

function PreviewView({ preview, m }: { preview: ImportPreview; m: Texts }) {
  const { counts } = preview;
  const problems = [
    { key: 'line', title: m('line'), dataIndex: 'line', width: 70 },
    { key: 'text', title: m('text'), dataIndex: 'text' },
    { key: 'reason', title: m('reason'), dataIndex: 'reason' },
  ];
  const tab = (key: keyof ImportPreview['counts'], children: React.ReactNode) => ({ key, label: `${m(key as 'added')} ${counts[key]}`, children });
  return (
    <div data-testid="channel-import-preview">
      <Space size="large" style={{ marginBottom: 12 }}>
        {(['added', 'changed', 'removed', 'unchanged', 'broken', 'duplicates'] as const).map((key) => (
          <Statistic key={key} title={m(key)} value={counts[key]} data-testid={`channel-import-${key}`} />
        ))}
      </Space>
      <Tabs
        items={[
          tab('added', <Rows rows={preview.added} total={counts.added} columns={channelColumns(m)} m={m} testId="channel-import-added-rows" />),
          tab('changed', <Rows rows={preview.changed} total={counts.changed} columns={[...channelColumns(m), { key: 'fields', title: m('fields'), render: (_: unknown, row: { fields: string[] }) => row.fields.join(', ') }]} m={m} testId="channel-import-changed-rows" />),
          tab('removed', <Rows rows={preview.removed} total={counts.removed} columns={channelColumns(m)} m={m} testId="channel-import-removed-rows" />),
          tab('broken', <Rows rows={preview.broken} total={counts.broken} columns={problems} m={m} testId="channel-import-broken-rows" />),
          tab('duplicates', <Rows rows={preview.duplicates} total={counts.duplicates} columns={problems} m={m} testId="channel-import-duplicate-rows" />),
        ]}
      />
    </div>
  );
}

/** `/channel/list` toolbar: an M3U playlist uploaded, its changes previewed, then applied in one go. */
export function ImportM3uAction() {
  const m = useTexts(CHANNEL_TEXTS);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const read = useMutation({ mutationFn: channelsApi.preview, onSuccess: setPreview, onError: (error) => showApiError(error) });
  const apply = useMutation({
    mutationFn: () => channelsApi.apply(preview!.token),
    onSuccess: (counts) => {
      toastSuccess(m('applied', counts));
      setOpen(false);
      setPreview(null);
      void client.invalidateQueries();
    },
    onError: (error) => showApiError(error),
  });
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="channel-import">
        {m('importM3u')}
      </Button>
      <Modal
        open={open}
        width={900}
        title={m('importTitle')}
        onCancel={() => (setOpen(false), setPreview(null))}
        okText={m('apply')}
        okButtonProps={{ disabled: !preview, loading: apply.isPending, 'data-testid': 'channel-import-apply' } as never}
        onOk={() => apply.mutate()}
        destroyOnHidden
      >
        <Alert type="info" showIcon message={m('importHint')} style={{ marginBottom: 12 }} />
        <Upload accept=".m3u,.m3u8,audio/x-mpegurl,application/vnd.apple.mpegurl" maxCount={1} showUploadList={false} beforeUpload={(file) => (read.mutate(file), false)}>
          <Button loading={read.isPending} data-testid="channel-import-file">
            {m('chooseFile')}
          </Button>
        </Upload>
        {preview && (
          <div style={{ marginTop: 12 }}>
            <PreviewView preview={preview} m={m} />
          </div>
        )}
      </Modal>
    </>
  );
}

/** `/channel/list` toolbar: an XMLTV guide uploaded; the TVs get the programmes of their channels. */
export function ImportGuideAction() {
  const m = useTexts(CHANNEL_TEXTS);
  const guide = useMutation({ mutationFn: channelsApi.guide, onSuccess: (done) => toastSuccess(m('guideDone', done)), onError: (error) => showApiError(error) });
  return (
    <Upload accept=".xml,.gz,application/xml,text/xml,application/gzip" maxCount={1} showUploadList={false} beforeUpload={(file) => (guide.mutate(file), false)}>
      <Button icon={<CalendarOutlined />} loading={guide.isPending} title={m('guideHint')} data-testid="channel-guide-import">
        {m('importGuide')}
      </Button>
    </Upload>
  );
}
