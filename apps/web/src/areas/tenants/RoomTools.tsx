import { DownloadOutlined, PlusSquareOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_BULK_ROOMS, roomNumbersOfRange, roomRangeCount } from '@htv/shared/areas/tenants/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError, showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { recordKeys } from '../../crud/api';
import { hotelKeys, hotelsApi, type BulkRooms, type Created } from './api';
import { useHotelText } from './locales';

const BULK_FIELDS = ['prefix', 'floorFrom', 'floorTo', 'roomFrom', 'roomTo', 'roomDigits', 'building', 'roomType'];
/** Floors listed in the preview; a longer range shows these and a count of the rest. */
const PREVIEW_FLOORS = 20;

/** What a range will create, by the rule the server applies (`roomNumbersOfRange`); null until it is complete. */
function bulkPreview(values: Partial<BulkRooms>): { count: number; first: string; last: string; floors: { floor: number; numbers: string[] }[] } | null {
  const { floorFrom, floorTo, roomFrom, roomTo } = values;
  if (typeof floorFrom !== 'number' || typeof floorTo !== 'number' || typeof roomFrom !== 'number' || typeof roomTo !== 'number') return null;
  const range = { ...values, floorFrom, floorTo, roomFrom, roomTo };
  const count = roomRangeCount(range);
  if (count === 0) return null;
  const floors = count > MAX_BULK_ROOMS ? [] : roomNumbersOfRange({ ...range, floorTo: Math.min(floorTo, floorFrom + PREVIEW_FLOORS - 1) });
  const numberOf = (floor: number, room: number) => roomNumbersOfRange({ ...range, floorFrom: floor, floorTo: floor, roomFrom: room, roomTo: room })[0]!.numbers[0]!;
  return { count, first: numberOf(floorFrom, roomFrom), last: numberOf(floorTo, roomTo), floors };
}

function duplicatesOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const list = error.errors?.duplicates;
  return Array.isArray(list) ? list.map(String) : [];
}

function useRefreshRooms() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: hotelKeys.all }), queryClient.invalidateQueries({ queryKey: recordKeys.all })]);
}

function DuplicateList({ duplicates }: { duplicates: string[] }) {
  const m = useHotelText();
  if (!duplicates.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="room-duplicates"
      style={{ marginBottom: 16 }}
      title={m('duplicatesTitle')}
      description={<div style={{ maxHeight: 160, overflow: 'auto', wordBreak: 'break-all' }}>{duplicates.join(', ')}</div>}
    />
  );
}

/** "Bulk create": `POST /api/hotels/:id/rooms/bulk`, with the rooms it will make previewed floor by floor. */
export function RoomBulkButton({ hotelId }: { hotelId: number }) {
  const m = useHotelText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlusSquareOutlined />} onClick={() => setOpen(true)} data-testid="room-bulk-open">
        {m('bulkCreate')}
      </Button>
      {open && <RoomBulkModal hotelId={hotelId} onClose={() => setOpen(false)} />}
    </>
  );
}

function RoomBulkModal({ hotelId, onClose }: { hotelId: number; onClose: () => void }) {
  const m = useHotelText();
  const [form] = Form.useForm<BulkRooms>();
  const values = Form.useWatch([], form) as Partial<BulkRooms> | undefined;
  const preview = bulkPreview(values ?? {});
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const refresh = useRefreshRooms();

  const save = useMutation({
    mutationFn: (body: BulkRooms) => hotelsApi.bulkRooms(hotelId, body),
    meta: { handlesErrors: true },
    onError: (error) => {
      const found = duplicatesOf(error);
      setDuplicates(found);
      if (found.length) toastError(error.message);
      else showApiError(error, form, BULK_FIELDS);
    },
    onSuccess: async (data: Created) => {
      toastSuccess(m('created', { ...data }));
      await refresh();
      onClose();
    },
  });

  const submit = (body: BulkRooms) => {
    setDuplicates([]);
    const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== null && v !== '')) as unknown as BulkRooms;
    save.mutate(clean);
  };

  const requiredRule = { required: true, message: m('required') };
  const notBelow = (start: keyof BulkRooms) => ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) => {
      const from = getFieldValue(start);
      return typeof value === 'number' && typeof from === 'number' && value < from ? Promise.reject(new Error(m('rangeInvalid'))) : Promise.resolve();
    },
  });

  return (
    <Modal open title={m('bulkTitle')} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }} width={560}>
      <DuplicateList duplicates={duplicates} />
      <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }} wrapperCol={{ flex: 1 }} initialValues={{ roomDigits: 2 }} onFinish={submit} data-testid="room-bulk-form">
        <Form.Item name="prefix" label={m('prefix')}>
          <Input maxLength={8} allowClear />
        </Form.Item>
        <Form.Item name="floorFrom" label={m('floorFrom')} rules={[requiredRule]}>
          <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="floorTo" label={m('floorTo')} dependencies={['floorFrom']} rules={[requiredRule, notBelow('floorFrom')]}>
          <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="roomFrom" label={m('roomFrom')} rules={[requiredRule]}>
          <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="roomTo" label={m('roomTo')} dependencies={['roomFrom']} rules={[requiredRule, notBelow('roomFrom')]}>
          <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="roomDigits" label={m('roomDigits')}>
          <InputNumber min={1} max={3} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="building" label={m('building')}>
          <Input maxLength={20} allowClear />
        </Form.Item>
        <Form.Item name="roomType" label={m('roomType')}>
          <Input maxLength={20} allowClear />
        </Form.Item>
        {preview && <BulkPreview preview={preview} />}
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{m('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!!preview && preview.count > MAX_BULK_ROOMS} data-testid="room-bulk-submit">
            {preview && preview.count <= MAX_BULK_ROOMS ? m('createRooms', { count: preview.count }) : m('ok')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}

/** The rooms a range will create, floor by floor, shown before anything is created. */
function BulkPreview({ preview }: { preview: NonNullable<ReturnType<typeof bulkPreview>> }) {
  const m = useHotelText();
  const tooMany = preview.count > MAX_BULK_ROOMS;
  const hidden = preview.floors.length ? preview.count - preview.floors.reduce((sum, floor) => sum + floor.numbers.length, 0) : 0;
  return (
    <Alert
      type={tooMany ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="room-bulk-preview"
      title={tooMany ? m('previewTooMany', { count: preview.count }) : m('previewCount', { count: preview.count, first: preview.first, last: preview.last })}
      description={
        tooMany ? undefined : (
          <div style={{ maxHeight: 200, overflow: 'auto' }} data-testid="room-bulk-preview-floors">
            {preview.floors.map(({ floor, numbers }) => (
              <div key={floor} style={{ wordBreak: 'break-all' }}>
                <Typography.Text type="secondary">{m('previewFloor', { floor })}</Typography.Text> {numbers.join(' ')}
              </div>
            ))}
            {hidden > 0 && <Typography.Text type="secondary">{m('previewMore', { count: hidden })}</Typography.Text>}
          </div>
        )
      }
    />
  );
}

const EXCEL = /\.(xlsx|xls)$/i;

/** "Import from Excel": `POST /api/hotels/:id/rooms/import` with the file as multipart `file`. */
export function RoomImportButton({ hotelId }: { hotelId: number }) {
  const m = useHotelText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="room-import-open">
        {m('importExcel')}
      </Button>
      {open && <RoomImportModal hotelId={hotelId} onClose={() => setOpen(false)} />}
    </>
  );
}

function RoomImportModal({ hotelId, onClose }: { hotelId: number; onClose: () => void }) {
  const m = useHotelText();
  const [file, setFile] = useState<File | null>(null);
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshRooms();

  const template = useMutation({ mutationFn: () => hotelsApi.roomTemplate(hotelId, `${m('templateFile')}.xlsx`) });

  const save = useMutation({
    mutationFn: (chosen: File) => hotelsApi.importRooms(hotelId, chosen),
    meta: { handlesErrors: true },
    onError: (error) => {
      setDuplicates(duplicatesOf(error));
      setProblem(error instanceof ApiError ? error.message : null);
      showApiError(error);
    },
    onSuccess: async (data: Created) => {
      toastSuccess(m('created', { ...data }));
      await refresh();
      onClose();
    },
  });

  return (
    <Modal open title={m('importTitle')} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }} width={560}>
      <DuplicateList duplicates={duplicates} />
      {problem && !duplicates.length && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem} data-testid="room-import-error" />}
      <Typography.Paragraph type="secondary">{m('importHelp')}</Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Upload
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setDuplicates([]);
              if (!EXCEL.test(chosen.name)) {
                setFile(null);
                setProblem(m('onlyExcel'));
                toastError(m('onlyExcel'));
              } else {
                setProblem(null);
                setFile(chosen);
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="room-import-choose">
              {m('chooseFile')}
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()} data-testid="room-import-template">
            {m('downloadTemplate')}
          </Button>
        </Space>
        {file && <Typography.Text data-testid="room-import-file">{file.name}</Typography.Text>}
      </Space>
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 16 }}>
        <Button onClick={onClose}>{m('cancel')}</Button>
        <Button type="primary" disabled={!file} loading={save.isPending} onClick={() => file && save.mutate(file)} data-testid="room-import-submit">
          {m('upload')}
        </Button>
      </Space>
    </Modal>
  );
}
