import { UploadOutlined } from '@ant-design/icons';
import { SEND_TARGET_NAMES, type SendBody, type SendItem, type SendResult, type SendTarget } from '@htv/shared/areas/themes/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { RefMultiSelect } from '../../crud/RefSelect';
import { useLang } from '../../locales';
import { deviceApi, splitMacs } from '../devices/api';
import { themeApi, type ThemeItem } from './api';
import { useThemeText } from './locales';

const UNIT_SECONDS = { hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNIT_SECONDS;

interface SendForm {
  target: SendTarget;
  brandIds?: number[];
  hotelIds?: number[];
  macs?: string;
  duration: number;
  unit: Unit;
}

/** The targets a user type sends to: the platform to all and to brands, a brand to its own, a hotel to itself. */
function targetsOf(userType: number): SendTarget[] {
  if (userType === 1) return ['all', 'brand', 'hotel', 'terminal'];
  if (userType === 2) return ['brand', 'hotel', 'terminal'];
  return ['hotel', 'terminal'];
}

/** The answer of a send (spec §8): counts of successes and failures, the failed hotel ids and MACs. */
function SendResultView({ result }: { result: SendResult }) {
  const m = useThemeText();
  return (
    <Descriptions size="small" bordered column={1} title={m('sendResult')} data-testid="send-result">
      <Descriptions.Item label={m('successes')}>
        <span data-testid="send-successes">{result.successes}</span>
      </Descriptions.Item>
      <Descriptions.Item label={m('failures')}>
        <span data-testid="send-failures">{result.failures}</span>
      </Descriptions.Item>
      {result.failedHotelIds.length > 0 && (
        <Descriptions.Item label={m('failedHotels')}>
          <span data-testid="send-failed-hotels">{result.failedHotelIds.join(', ')}</span>
        </Descriptions.Item>
      )}
      {result.missingMacs.length > 0 && <Descriptions.Item label={m('missingMacs')}>{result.missingMacs.join(', ')}</Descriptions.Item>}
      {result.otherSceneMacs.length > 0 && <Descriptions.Item label={m('otherSceneMacs')}>{result.otherSceneMacs.join(', ')}</Descriptions.Item>}
    </Descriptions>
  );
}

/** The theme's live sends the caller sees, each cancellable, and all of them at once. */
function LiveSends({ theme, canCancel }: { theme: ThemeItem; canCancel: boolean }) {
  const m = useThemeText();
  const lang = useLang();
  const client = useQueryClient();
  const sends = useQuery({ queryKey: ['themes', 'sends', theme.id], queryFn: ({ signal }) => themeApi.sends(theme.id, signal) });
  const cancel = useMutation({
    mutationFn: (ids?: number[]) => themeApi.cancelSend(theme.id, ids),
    onSuccess: async ({ cancelled }) => {
      toastSuccess(m('cancelled', { count: cancelled }));
      await client.invalidateQueries({ queryKey: ['themes'] });
    },
    onError: (error) => showApiError(error),
  });
  const target = (row: SendItem) => `${SEND_TARGET_NAMES[row.targetKind][lang]}${row.targetName ? ` · ${row.targetName}` : ''}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <strong>{m('liveSends')}</strong>
        {canCancel && (sends.data?.length ?? 0) > 0 && (
          <Popconfirm title={m('cancelSend')} onConfirm={() => cancel.mutateAsync(undefined).catch(() => undefined)}>
            <Button size="small" danger data-testid="send-cancel-all">
              {m('cancelAllSends')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Table<SendItem>
        size="small"
        rowKey="id"
        pagination={false}
        loading={sends.isFetching}
        dataSource={sends.data ?? []}
        locale={{ emptyText: m('noSends') }}
        data-testid="live-sends"
        columns={[
          { key: 'target', title: m('target'), render: (_, row) => target(row) },
          { key: 'by', title: m('sentBy'), dataIndex: 'sentBy' },
          { key: 'at', title: m('sentAt'), dataIndex: 'startAt', render: (v: string) => formatDatetime(v) },
          { key: 'end', title: m('endsAt'), dataIndex: 'endAt', render: (v: string) => formatDatetime(v) },
          ...(canCancel
            ? [
                {
                  key: 'cancel',
                  title: m('actions'),
                  render: (_: unknown, row: SendItem) => (
                    <Button type="link" size="small" danger onClick={() => cancel.mutate([row.id])}>
                      {m('cancelSend')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}

/**
 * Sends a published template (spec §4, §5): to all (platform), brands, hotels (at least one) or
 * terminals by MAC (typed, or read from an .xlsx by the server's Excel reader), for a show duration;
 * then shows the result. Below, the template's live sends with their cancel buttons.
 */
export function SendDialog({ theme, onClose }: { theme: ThemeItem; onClose: () => void }) {
  const m = useThemeText();
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [form] = Form.useForm<SendForm>();
  const [result, setResult] = useState<SendResult | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = targetsOf(user.user_type);
  const target = Form.useWatch('target', form);
  const canSend = theme.actions.includes('send');
  const targetLabel = (kind: SendTarget) =>
    kind === 'brand' && user.user_type === 2 ? m('targetOwnBrand') : kind === 'hotel' && user.user_type === 3 ? m('targetOwnHotel') : SEND_TARGET_NAMES[kind][lang];

  const submit = async () => {
    const values = await form.validateFields();
    const body: SendBody = { target: values.target, durationSeconds: Math.round(values.duration * UNIT_SECONDS[values.unit]) };
    if (values.target === 'brand' && user.user_type === 1) body.brandIds = values.brandIds ?? [];
    if (values.target === 'hotel') body.hotelIds = user.user_type === 3 ? [Number(user.hotel_id)] : (values.hotelIds ?? []);
    if (values.target === 'terminal') body.macs = splitMacs(values.macs ?? '');
    setBusy(true);
    try {
      setResult(await themeApi.send(theme.id, body));
      await client.invalidateQueries({ queryKey: ['themes'] });
    } catch (error) {
      showApiError(error, form, ['target', 'brandIds', 'hotelIds', 'macs']);
    } finally {
      setBusy(false);
    }
  };

  const importExcel = async (file: File) => {
    try {
      const read = await deviceApi.parseList(file, 'mac');
      const current = splitMacs(form.getFieldValue('macs') ?? '');
      form.setFieldValue('macs', [...new Set([...current, ...read.values])].join('\n'));
      toastSuccess(m('imported', { count: read.values.length, invalid: read.invalid.length }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
    }
    return false;
  };

  return (
    <Modal
      open
      width={760}
      title={m('sendTitle', { name: theme.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{m('close')}</Button>
          {canSend && (
            <Button type="primary" loading={busy} onClick={submit} data-testid="send-submit">
              {m('send')}
            </Button>
          )}
        </Space>
      }
    >
      {canSend && (
        <Form form={form} layout="vertical" initialValues={{ target: targets[0] === 'all' ? 'hotel' : targets[0], unit: 'days', duration: 30 }}>
          <Form.Item name="target" label={m('sendTarget')} rules={[{ required: true }]}>
            <Radio.Group data-testid="send-target" options={targets.map((kind) => ({ value: kind, label: targetLabel(kind) }))} />
          </Form.Item>
          {target === 'brand' && user.user_type === 1 && (
            <Form.Item name="brandIds" label={m('brands')} rules={[{ required: true, type: 'array', min: 1 }]}>
              <RefMultiSelect refName="brand" />
            </Form.Item>
          )}
          {target === 'hotel' && user.user_type !== 3 && (
            <Form.Item name="hotelIds" label={m('hotels')} rules={[{ required: true, type: 'array', min: 1 }]}>
              <RefMultiSelect refName="hotel" data-testid="send-hotels" />
            </Form.Item>
          )}
          {target === 'terminal' && (
            <>
              <Form.Item name="macs" label={m('macs')} extra={m('macsHelp')} rules={[{ required: true, whitespace: true }]}>
                <Input.TextArea rows={4} data-testid="send-macs" />
              </Form.Item>
              <Upload accept=".xlsx" showUploadList={false} beforeUpload={importExcel}>
                <Button icon={<UploadOutlined />} style={{ marginBottom: 16 }}>
                  {m('importExcel')}
                </Button>
              </Upload>
            </>
          )}
          <Form.Item label={m('duration')} required>
            <Space.Compact>
              <Form.Item name="duration" noStyle rules={[{ required: true, type: 'number', min: 1 }]}>
                <InputNumber min={1} max={3650} precision={0} data-testid="send-duration" />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select style={{ width: 100 }} options={(Object.keys(UNIT_SECONDS) as Unit[]).map((unit) => ({ value: unit, label: m(unit) }))} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
      {result && (
        <>
          {result.successes === 0 && <Alert type="warning" showIcon message={m('failures')} style={{ marginBottom: 8 }} />}
          <SendResultView result={result} />
        </>
      )}
      <div style={{ marginTop: 16 }}>
        <LiveSends theme={theme} canCancel={theme.actions.includes('cancelSend') || (result !== null && result.successes > 0)} />
      </div>
    </Modal>
  );
}
