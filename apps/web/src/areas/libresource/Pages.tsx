import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { QueryStatus } from '../../crud/QueryStatus';
import { PagedTable } from '../../crud/PagedTable';
import { useTexts } from '../../locales';
import { LIBRESOURCE_TEXTS } from './locales';

type Counts = { introTypes: number; introItems: number; introPages: number; musicAlbums: number; musicSongs: number };
interface Library {
  id: number;
  title: string;
  sourcePublicId: string;
  createdAt: string;
  counts: Counts;
}
interface Version {
  id: number;
  name: string | null;
  libraryTitle: string | null;
  target: 'all' | 'hotels';
  state: 'pending' | 'published' | 'cancelled';
  publishAt: string | null;
  publishedAt: string | null;
  hotels: { id: number; name: string; publicId: string }[];
}
interface Review {
  itemId: number;
  hotelName: string;
  title: string | null;
  state: 'review' | 'pass' | 'fail';
  reason: string | null;
  submittedAt: string;
}
type Page<T> = { items: T[]; total: number };

const when = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');
const useText = () => useTexts(LIBRESOURCE_TEXTS);

function usePaging() {
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(20);
  return { page, pagesize, onPage: (p: number, size: number) => (setPage(p), setPagesize(size)) };
}

/** /libresource/lists: the brand's libraries; a new one copies a hotel's content. */
export function LibrariesPage() {
  const m = useText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const paging = usePaging();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ title: string; sourceHotelId: string }>();
  const query = { page: paging.page, pagesize: paging.pagesize };
  const list = useQuery({ queryKey: ['libresource', 'libraries', query], queryFn: ({ signal }) => api.get<Page<Library>>('/libresource/libraries', query, signal), placeholderData: keepPreviousData });
  const create = useMutation({
    mutationFn: (values: { title: string; sourceHotelId: string }) => api.post<Library>('/libresource/libraries', values),
    onSuccess: () => (setOpen(false), form.resetFields(), toastSuccess(m('saved')), client.invalidateQueries({ queryKey: ['libresource'] })),
    onError: (error) => showApiError(error, form, ['title', 'sourceHotelId']),
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/libresource/libraries/${id}`), onSuccess: () => client.invalidateQueries({ queryKey: ['libresource'] }), onError: (error) => showApiError(error) });
  return (
    <Card
      title={m('libraries')}
      extra={
        <Button type="primary" onClick={() => setOpen(true)} data-testid="library-add">
          {m('add')}
        </Button>
      }
    >
      <PagedTable<Library>
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        {...paging}
        columns={[
          { title: m('title'), dataIndex: 'title' },
          { title: m('sourceHotelId'), dataIndex: 'sourcePublicId' },
          { title: m('contents'), render: (_, row) => m('counts', { types: row.counts.introTypes, items: row.counts.introItems, pages: row.counts.introPages, albums: row.counts.musicAlbums, songs: row.counts.musicSongs }) },
          { title: m('createdAt'), render: (_, row) => when(row.createdAt) },
          {
            title: '',
            render: (_, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => navigate(`/libresource/view/${row.id}`)}>
                  {m('view')}
                </Button>
                <Popconfirm title={m('removeConfirm')} onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {m('remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={open} title={m('add')} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={create.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)}>
          <Form.Item name="title" label={m('title')} rules={[{ required: true, min: 2, max: 32 }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="sourceHotelId" label={m('sourceHotelId')} extra={m('sourceHint')} rules={[{ required: true, len: 7 }]}>
            <Input maxLength={7} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** /libresource/view/:lib_id: what a library holds. */
export function LibraryViewPage() {
  const m = useText();
  const id = Number(useParams().lib_id);
  const library = useQuery({ queryKey: ['libresource', 'library', id], queryFn: ({ signal }) => api.get<Library & { snapshot: Record<keyof Counts, Record<string, unknown>[]> }>(`/libresource/libraries/${id}`, undefined, signal) });
  const keys: (keyof Counts)[] = ['introTypes', 'introItems', 'introPages', 'musicAlbums', 'musicSongs'];
  return (
    <Card title={library.data?.title ?? m('libraries')}>
      <QueryStatus query={library}>
        {library.data && (
          <>
            <Descriptions size="small" items={[{ label: m('sourceHotelId'), children: library.data.sourcePublicId }, { label: m('createdAt'), children: when(library.data.createdAt) }]} />
            <Tabs
              items={keys.map((key) => ({
                key,
                label: `${m(key)} (${library.data!.counts[key]})`,
                children: <Table rowKey="id" size="small" pagination={false} dataSource={library.data!.snapshot[key] as { id: number }[]} columns={[{ title: m('name'), render: (_, row: Record<string, unknown>) => String(row.title ?? row.name ?? '') }]} />,
              }))}
            />
          </>
        )}
      </QueryStatus>
    </Card>
  );
}

/** /libresource/version: versions sent to the brand's hotels, at once or at a time, and their cancel. */
export function VersionsPage() {
  const m = useText();
  const client = useQueryClient();
  const paging = usePaging();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ libraryId: number; name?: string; target: 'all' | 'hotels'; hotelIds?: number[]; timing: 'now' | 'timed'; publishAt?: Dayjs }>();
  const query = { page: paging.page, pagesize: paging.pagesize };
  const list = useQuery({ queryKey: ['libresource', 'versions', query], queryFn: ({ signal }) => api.get<Page<Version>>('/libresource/versions', query, signal), placeholderData: keepPreviousData });
  const libraries = useQuery({ queryKey: ['libresource', 'libraries', 'all'], queryFn: ({ signal }) => api.get<Page<Library>>('/libresource/libraries', { pagesize: 200 }, signal), enabled: open });
  const hotels = useQuery({ queryKey: ['libresource', 'hotels'], queryFn: ({ signal }) => api.get<Page<{ id: number; name: string }>>('/records/hotel', { pagesize: 200 }, signal), enabled: open });
  const create = useMutation({
    mutationFn: ({ timing, publishAt, ...values }: { libraryId: number; name?: string; target: 'all' | 'hotels'; hotelIds?: number[]; timing: 'now' | 'timed'; publishAt?: Dayjs }) =>
      api.post<Version>('/libresource/versions', { ...values, hotelIds: values.target === 'hotels' ? (values.hotelIds ?? []) : undefined, publishAt: timing === 'timed' ? publishAt?.toISOString() : undefined }),
    onSuccess: () => (setOpen(false), form.resetFields(), toastSuccess(m('saved')), client.invalidateQueries({ queryKey: ['libresource'] })),
    onError: (error) => showApiError(error, form, ['libraryId', 'name', 'target', 'hotelIds', 'publishAt']),
  });
  const cancel = useMutation({ mutationFn: (id: number) => api.post(`/libresource/versions/${id}/cancel`), onSuccess: () => client.invalidateQueries({ queryKey: ['libresource'] }), onError: (error) => showApiError(error) });
  const target = Form.useWatch('target', form);
  const timing = Form.useWatch('timing', form);
  return (
    <Card
      title={m('versions')}
      extra={
        <Button type="primary" onClick={() => setOpen(true)} data-testid="version-add">
          {m('send')}
        </Button>
      }
    >
      <PagedTable<Version>
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        {...paging}
        columns={[
          { title: m('versionName'), render: (_, row) => row.name ?? `#${row.id}` },
          { title: m('library'), dataIndex: 'libraryTitle' },
          { title: m('target'), render: (_, row) => (row.target === 'all' ? m('targetAll') : row.hotels.map((hotel) => hotel.name).join(', ')) },
          { title: m('publishAt'), render: (_, row) => when(row.publishedAt ?? row.publishAt) },
          { title: m('state'), render: (_, row) => <Tag color={row.state === 'published' ? 'green' : row.state === 'pending' ? 'blue' : 'default'}>{m(row.state)}</Tag> },
          {
            title: '',
            render: (_, row) =>
              row.state !== 'cancelled' && (
                <Popconfirm title={m('cancelConfirm')} onConfirm={() => cancel.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {m('cancel')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal open={open} title={m('send')} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={create.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ timing: 'now' }} onFinish={(values) => create.mutate(values)}>
          <Form.Item name="libraryId" label={m('library')} rules={[{ required: true }]}>
            <Select options={(libraries.data?.items ?? []).map((library) => ({ value: library.id, label: library.title }))} />
          </Form.Item>
          <Form.Item name="name" label={m('versionName')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="target" label={m('target')} rules={[{ required: true, message: m('targetRequired') }]}>
            <Radio.Group options={[{ value: 'all', label: m('targetAll') }, { value: 'hotels', label: m('targetHotels') }]} />
          </Form.Item>
          {target === 'hotels' && (
            <Form.Item name="hotelIds" label={m('hotels')} rules={[{ required: true, message: m('targetRequired') }]}>
              <Select mode="multiple" optionFilterProp="label" options={(hotels.data?.items ?? []).map((hotel) => ({ value: hotel.id, label: hotel.name }))} />
            </Form.Item>
          )}
          <Form.Item name="timing" label={m('timing')}>
            <Radio.Group options={[{ value: 'now', label: m('now') }, { value: 'timed', label: m('timed') }]} />
          </Form.Item>
          {timing === 'timed' && (
            <Form.Item name="publishAt" label={m('publishAt')} rules={[{ required: true }]}>
              <DatePicker showTime format="YYYY-MM-DD HH:mm" disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}

/** /res_review/intro_list: the brand's hotels' introduction changes waiting for review; pass, or fail with a reason. */
export function ReviewPage() {
  const m = useText();
  const client = useQueryClient();
  const paging = usePaging();
  const [state, setState] = useState<string>('review');
  const [failing, setFailing] = useState<Review | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const query = { page: paging.page, pagesize: paging.pagesize, state: state || undefined };
  const list = useQuery({ queryKey: ['libresource', 'reviews', query], queryFn: ({ signal }) => api.get<Page<Review>>('/libresource/reviews', query, signal), placeholderData: keepPreviousData });
  const done = () => client.invalidateQueries({ queryKey: ['libresource', 'reviews'] });
  const pass = useMutation({ mutationFn: (id: number) => api.post(`/libresource/reviews/${id}/pass`), onSuccess: done, onError: (error) => showApiError(error) });
  const fail = useMutation({
    mutationFn: (values: { reason: string }) => api.post(`/libresource/reviews/${failing!.itemId}/fail`, values),
    onSuccess: () => (setFailing(null), form.resetFields(), done()),
    onError: (error) => showApiError(error, form, ['reason']),
  });
  const labels = { review: m('inReview'), pass: m('pass'), fail: m('fail') };
  return (
    <Card
      title={m('review')}
      extra={<Select style={{ width: 140 }} value={state} onChange={setState} options={[{ value: '', label: m('all') }, ...(['review', 'pass', 'fail'] as const).map((value) => ({ value, label: labels[value] }))]} />}
    >
      <PagedTable<Review>
        rowKey="itemId"
        data={list.data}
        loading={list.isFetching}
        {...paging}
        columns={[
          { title: m('hotel'), dataIndex: 'hotelName' },
          { title: m('title'), dataIndex: 'title' },
          { title: m('submittedAt'), render: (_, row) => when(row.submittedAt) },
          { title: m('state'), render: (_, row) => <Tag color={row.state === 'pass' ? 'green' : row.state === 'fail' ? 'red' : 'blue'}>{labels[row.state]}</Tag> },
          { title: m('reason'), dataIndex: 'reason' },
          {
            title: '',
            render: (_, row) =>
              row.state === 'review' && (
                <Space>
                  <Button type="link" size="small" onClick={() => pass.mutate(row.itemId)}>
                    {m('pass')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setFailing(row)}>
                    {m('fail')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal open={!!failing} title={m('fail')} onCancel={() => setFailing(null)} onOk={() => form.submit()} confirmLoading={fail.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(values) => fail.mutate(values)}>
          <Form.Item name="reason" label={m('failReason')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
