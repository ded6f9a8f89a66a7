import { UploadOutlined } from '@ant-design/icons';
import { MAX_MAC_SEARCH } from '@htv/shared/areas/devices/protocol';
import { records, type FieldDef } from '@htv/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Radio, Space, Tabs, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { ApiError, failureText, showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { recordKeys, type Row } from '../../crud/api';
import type { FieldAddonProps } from '../../crud/extensions';
import { PagedTable } from '../../crud/PagedTable';
import { useLang } from '../../locales';
import { deviceApi, deviceKeys, isExcel, splitMacs, type BatchAction, type Page } from './api';
import { MacSearchPanel } from './MacSearchPanel';
import { useDeviceText, type DeviceT } from './locales';
import { useThemeText } from '../themes/locales';
import { TerminalThemePanel } from '../themes/TerminalTheme';
import { TerminalBootPanel } from '../boot/TerminalBoot';
import { useBootText } from '../boot/locales';
import { useReleaseText } from '../releases/locales';
import { TerminalReleasesPanel } from '../releases/TerminalReleases';

const fmt = (value: unknown) => (value ? dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss') : '-');
const TIP_MAX = 200;
const terminalRecord = records.terminal;

function authTag(value: unknown, d: DeviceT) {
  const v = String(value ?? '');
  const color = v === 'authorized' ? 'green' : v === 'disabled' ? 'red' : 'orange';
  const known = v === 'authorized' || v === 'disabled' || v === 'unauthorized';
  return <Tag color={color}>{known ? d(v) : v || '-'}</Tag>;
}

/** A paged log table of one terminal (heartbeats, boots, state history). */
function LogTable<T extends object>({ kind, mac, load, columns }: { kind: string; mac: string; load: (mac: string, page: number, pagesize: number, signal?: AbortSignal) => Promise<Page<T>>; columns: ColumnsType<T> }) {
  const [page, setPage] = useState(1);
  const pagesize = 10;
  const query = useQuery({ queryKey: deviceKeys.log(kind, mac, page), queryFn: ({ signal }) => load(mac, page, pagesize, signal) });
  return (
    <PagedTable<T>
      size="small"
      rowKey={(row) => String((row as { id?: number }).id ?? (row as { at?: string }).at)}
      columns={columns}
      data={query.data}
      loading={query.isFetching}
      page={page}
      pagesize={pagesize}
      sizes={false}
      onPage={setPage}
      data-testid={`terminal-${kind}`}
    />
  );
}

/**
 * Terminal detail: the terminal's fields with hotel and last heartbeat, the template it shows and why,
 * and its logs in tabs.
 */
export function TerminalDetailDrawer({ mac, onClose }: { mac: string; onClose: () => void }) {
  const d = useDeviceText();
  const themeText = useThemeText();
  const bootText = useBootText();
  const releaseText = useReleaseText();
  const lang = useLang();
  const info = useQuery({ queryKey: deviceKeys.info(mac), queryFn: ({ signal }) => deviceApi.info(mac, signal) });
  const row = info.data;
  const fields = Object.entries(terminalRecord.fields) as [string, FieldDef][];
  return (
    <Drawer open width={760} title={`${d('detailTitle')} ${mac}`} onClose={onClose} destroyOnHidden data-testid="terminal-detail">
      <Tabs
        items={[
          {
            key: 'info',
            label: d('tabInfo'),
            children: row ? (
              <Descriptions size="small" bordered column={2}>
                <Descriptions.Item label={d('hotel')}>{row.hotelName ? `${String(row.hotelName)} (${String(row.hotelPublicId ?? '')})` : '-'}</Descriptions.Item>
                <Descriptions.Item label={d('lastSeenAt')}>{fmt(row.lastSeenAt)}</Descriptions.Item>
                {fields.map(([name, field]) => {
                  const value = row[name];
                  let shown: ReactNode = value === null || value === undefined || value === '' ? '-' : String(value);
                  if (name === 'authorization') shown = authTag(value, d);
                  else if (field.kind === 'bool') shown = name === 'online' ? (value ? d('online') : d('offline')) : value ? '✓' : '-';
                  else if (field.kind === 'datetime') shown = fmt(value);
                  else if (field.kind === 'choice' && field.options && value) shown = field.options[String(value)]?.[lang] ?? String(value);
                  return (
                    <Descriptions.Item key={name} label={field.label[lang]}>
                      <span data-testid={`terminal-field-${name}`}>{shown}</span>
                    </Descriptions.Item>
                  );
                })}
              </Descriptions>
            ) : (
              <Typography.Text type="secondary">{info.isError ? '-' : '…'}</Typography.Text>
            ),
          },
          {
            key: 'theme',
            label: themeText('terminalTheme'),
            children: <TerminalThemePanel mac={mac} />,
          },
          {
            key: 'boot',
            label: bootText('bootTab'),
            children: <TerminalBootPanel mac={mac} />,
          },
          {
            key: 'releases',
            label: releaseText('releasesTab'),
            children: row ? <TerminalReleasesPanel terminalId={Number(row.id)} /> : null,
          },
          {
            key: 'heartbeats',
            label: d('tabHeartbeats'),
            children: (
              <LogTable
                kind="heartbeats"
                mac={mac}
                load={deviceApi.heartbeats}
                columns={[
                  { title: d('at'), dataIndex: 'at', render: fmt },
                  { title: d('state'), dataIndex: 'state' },
                  { title: d('ip'), dataIndex: 'ip' },
                  { title: d('publicIp'), dataIndex: 'publicIp' },
                  { title: d('softwareVersion'), dataIndex: 'softwareVersion' },
                  { title: d('otaVersion'), dataIndex: 'otaVersion' },
                  { title: d('controlVersion'), dataIndex: 'controlVersion' },
                ]}
              />
            ),
          },
          {
            key: 'boots',
            label: d('tabBoots'),
            children: (
              <LogTable
                kind="boots"
                mac={mac}
                load={deviceApi.boots}
                columns={[
                  { title: d('at'), dataIndex: 'at', render: fmt },
                  { title: d('ip'), dataIndex: 'ip' },
                  { title: d('publicIp'), dataIndex: 'publicIp' },
                  { title: d('softwareVersion'), dataIndex: 'softwareVersion' },
                  { title: d('launcher'), dataIndex: 'launcher' },
                ]}
              />
            ),
          },
          {
            key: 'states',
            label: d('tabStates'),
            children: (
              <LogTable
                kind="states"
                mac={mac}
                load={deviceApi.stateLogs}
                columns={[
                  { title: d('at'), dataIndex: 'at', render: fmt },
                  { title: d('state'), dataIndex: 'state' },
                  { title: d('detailText'), dataIndex: 'detail' },
                  { title: d('operator'), dataIndex: 'userName' },
                  { title: d('hotel'), dataIndex: 'hotelName' },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** Refreshes the generated list and the area's own queries after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: recordKeys.all }), client.invalidateQueries({ queryKey: deviceKeys.all })]);
}

/** The disabled tip the TVs show (empty: the server's default tip). */
function TipField({ rows, testId }: { rows: number; testId: string }) {
  const d = useDeviceText();
  return (
    <Form.Item name="tip" label={d('tipLabel')} rules={[{ max: TIP_MAX, message: d('tipTooLong') }]}>
      <Input.TextArea rows={rows} maxLength={TIP_MAX} showCount placeholder={d('tipPlaceholder')} data-testid={testId} />
    </Form.Item>
  );
}

/**
 * The hotels of some terminals, as a confirmation names them: how many, and the first few (a list row
 * names its hotel `hotelIdTitle`, a MAC search row `hotelName`).
 */
function hotelsOf(rows: Record<string, unknown>[]): { hotels: number; names: string } {
  const names = [...new Set(rows.map((row) => row.hotelName ?? row.hotelIdTitle).filter((name): name is string => typeof name === 'string' && name !== ''))];
  return { hotels: names.length, names: names.slice(0, 3).join(', ') + (names.length > 3 ? ' …' : '') };
}

/**
 * Confirms and runs authorize / disable (with the tip the TVs show) / recover on the given terminals
 * by id, then reports how many changed. `onDone` runs after a success, before the dialog closes.
 */
export function AuthorizationModal({ action, rows, onDone, onClose }: { action: BatchAction; rows: Row[]; onDone?: () => void; onClose: () => void }) {
  const d = useDeviceText();
  const refresh = useRefresh();
  const [form] = Form.useForm<{ tip?: string }>();
  const run = useMutation({
    mutationFn: (tip: string | undefined) => deviceApi.batch(action, { ids: rows.map((row) => row.id), ...(tip ? { tip } : {}) }),
    onSuccess: async (result) => {
      toastSuccess(d('changedResult', { updated: result.updated }) + (result.skipped ? d('skippedResult', { skipped: result.skipped }) : ''));
      await refresh();
      onDone?.();
      onClose();
    },
    onError: (error) => showApiError(error, form, ['tip']),
  });
  const shown = 20;
  return (
    <Modal
      open
      title={d('actionTitle', { action: d(action), count: rows.length })}
      onCancel={onClose}
      okButtonProps={{ danger: action === 'disable', loading: run.isPending }}
      onOk={() => void form.validateFields().then((values) => run.mutate(values.tip?.trim() || undefined))}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text strong data-testid="authorization-confirm">
          {d(`confirm_${action}`, { count: rows.length })}
        </Typography.Text>
        {hotelsOf(rows).hotels > 0 && (
          <Typography.Text type="warning" data-testid="authorization-where">
            {d('confirmWhere', hotelsOf(rows))}
          </Typography.Text>
        )}
        <Space wrap size={[4, 4]}>
          {rows.slice(0, shown).map((row) => (
            <Tag key={row.id}>{String(row.mac ?? row.id)}</Tag>
          ))}
          {rows.length > shown && <Typography.Text type="secondary">{d('andMore', { count: rows.length - shown })}</Typography.Text>}
        </Space>
        <Form form={form} layout="vertical">
          {action === 'disable' && <TipField rows={3} testId="disable-tip-input" />}
        </Form>
      </Space>
    </Modal>
  );
}

/** Batch authorize / disable (with tip) / recover over a pasted MAC list. */
export function BatchActionModal({ onClose, actions }: { onClose: () => void; actions: BatchAction[] }) {
  const d = useDeviceText();
  const refresh = useRefresh();
  const [form] = Form.useForm<{ action: BatchAction; macs: string; tip?: string }>();
  const action = Form.useWatch('action', form) ?? actions[0];
  // What the pasted list names, shown before anything changes; a new list or action asks again.
  const [found, setFound] = useState<{ key: string; text: string } | null>(null);
  const run = useMutation({
    mutationFn: (values: { action: BatchAction; macs: string; tip?: string }) =>
      deviceApi.batch(values.action, { macs: splitMacs(values.macs), ...(values.action === 'disable' && values.tip?.trim() ? { tip: values.tip.trim() } : {}) }),
    onSuccess: async (result) => {
      const text = d('batchResult', { updated: result.updated, skipped: result.skipped, missing: result.missing.length });
      if (result.missing.length) toastError(`${text}: ${result.missing.slice(0, 20).join(', ')}${result.missing.length > 20 ? '…' : ''}`);
      else toastSuccess(text);
      await refresh();
      onClose();
    },
    onError: (error) => showApiError(error, form, ['macs', 'tip']),
  });
  const submit = async () => {
    const values = await form.validateFields();
    const macs = splitMacs(values.macs);
    if (macs.length > MAX_MAC_SEARCH) {
      form.setFields([{ name: 'macs', errors: [d('macSearchLimit')] }]);
      return;
    }
    const key = `${values.action} ${macs.join(',')}`;
    if (found?.key === key) return run.mutate(values);
    try {
      const result = await deviceApi.searchMacs(macs, 1, MAC_SEARCH_PAGE);
      setFound({ key, text: d('batchFound', { found: result.total, missing: result.missing.length, ...hotelsOf(result.items), action: d(values.action).toLowerCase() }) });
    } catch (error) {
      showApiError(error, form, ['macs']);
    }
  };
  return (
    <Modal
      open
      title={d('batchTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={found ? d('confirmAgain', { action: d(action) }) : undefined}
      okButtonProps={{ loading: run.isPending, danger: !!found && action === 'disable' }}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={{ action: actions[0] }} onValuesChange={() => setFound(null)}>
        <Form.Item name="action" label={d('batchAction')}>
          <Radio.Group optionType="button" options={actions.map((a) => ({ value: a, label: d(a) }))} data-testid="batch-action" />
        </Form.Item>
        <Form.Item name="macs" label={d('macList')} extra={d('macListHelp')} rules={[{ required: true, whitespace: true, message: d('macRequired') }]}>
          <Input.TextArea rows={6} data-testid="batch-macs" />
        </Form.Item>
        {action === 'disable' && <TipField rows={2} testId="batch-tip" />}
      </Form>
      {found && <Alert type="warning" showIcon message={found.text} data-testid="batch-found" />}
    </Modal>
  );
}

const MAC_SEARCH_PAGE = 100;

/** Batch MAC search over the console's terminals: pasted MACs or an .xlsx. */
export function MacSearchModal({ onClose }: { onClose: () => void }) {
  const d = useDeviceText();
  const lang = useLang();
  const columns: ColumnsType<Row> = [
    { title: d('mac'), dataIndex: 'mac' },
    { title: 'SN', dataIndex: 'sn' },
    { title: d('hotel'), dataIndex: 'hotelName' },
    { title: d('room'), dataIndex: 'roomNumber' },
    { title: terminalRecord.fields.authorization.label[lang], dataIndex: 'authorization', render: (v) => authTag(v, d) },
    { title: terminalRecord.fields.online.label[lang], dataIndex: 'online', render: (v) => (v ? d('online') : d('offline')) },
  ];
  return (
    <Modal open title={d('macSearchTitle')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <MacSearchPanel
        search={(macs, page) => deviceApi.searchMacs(macs, page, MAC_SEARCH_PAGE)}
        searchFile={(file) => deviceApi.searchMacsExcel(file, 1, MAC_SEARCH_PAGE)}
        columns={columns}
        testId="mac-search"
      />
    </Modal>
  );
}

/** The message of a failed upload: the server's word on the file, else the failure itself. */
function uploadFailure(error: unknown): string {
  const onFile = error instanceof ApiError ? error.errors?.file : undefined;
  return (Array.isArray(onFile) ? onFile[0] : onFile) || failureText(error);
}

/**
 * Under a rule's MAC or SN list: reads the list from an .xlsx on the server (parse-list) and adds the
 * entries the field does not hold yet; a bad file becomes the field's error.
 */
export function ExcelListImport({ kind, getValue, setValue, setErrors }: FieldAddonProps & { kind: 'mac' | 'sn' }) {
  const d = useDeviceText();
  const [loading, setLoading] = useState(false);
  const pick = (file: File) => {
    if (!isExcel(file)) {
      setErrors([d('onlyExcel')]);
      return false;
    }
    setLoading(true);
    deviceApi
      .parseList(file, kind)
      .then(
        (result) => {
          const current = String(getValue() ?? '')
            .split('|')
            .map((v) => v.trim())
            .filter(Boolean);
          const held = new Set(current.map((v) => v.toUpperCase()));
          const added = result.values.filter((v) => !held.has(v));
          setValue([...current, ...added].join('|'));
          toastSuccess(d('imported', { count: result.count, added: added.length, invalid: result.invalid.length }));
        },
        (error: unknown) => setErrors([uploadFailure(error)]),
      )
      .finally(() => setLoading(false));
    return false;
  };
  return (
    <Upload accept=".xlsx" showUploadList={false} beforeUpload={pick}>
      <Button size="small" icon={<UploadOutlined />} loading={loading} data-testid={`${kind}-list-import`}>
        {d('importExcel')}
      </Button>
    </Upload>
  );
}
