import { EQUIPMENT_TYPES, THEME_STATES, VERSION_STATES, type ThemeKind } from '@htv/shared/areas/themes/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE, showApiError } from '../../api/client';
import { lazyPage } from '../../app/lazyPage';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import { useLang } from '../../locales';
import { themeApi, type ThemeItem } from './api';
import { useLayoutText } from './layout-locales';
import { useThemeText } from './locales';
import { ImportButton, TransferRowActions } from './TransferActions';

const SendDialog = lazyPage(() => import('./SendDialog').then((module) => ({ default: module.SendDialog })));
const PublishDialog = lazyPage(() => import('./PublishDialog').then((module) => ({ default: module.PublishDialog })));

type Equipment = (typeof EQUIPMENT_TYPES)[number];

/** The editor of a theme's document (route table: /themes/themes_template/:id; a welcome template's: /skin/edit?id=). */
export const editorPath = (id: number, kind: ThemeKind = 'launcher') => (kind === 'welcome' ? `/skin/edit?id=${id}` : `/themes/themes_template/${id}`);

/** Previews open in a window of their own, outside the console (a draft, or a version). */
const openPreview = (path: string) => window.open(`${APP_BASE}${path}`, '_blank', 'noopener');

/**
 * A template list (spec §2): room templates (/themes/themes_page) or, for hotels, public-area ones
 * (/themes/themes_public_page); brands and the platform see every equipment type; welcome templates
 * (/skin/list) are the same list of the welcome kind. Each row shows only
 * the lifecycle buttons the server says the caller may use now (`actions`); Send opens the send dialog
 * (targets, show duration, the result, the live sends to cancel).
 */
function ThemeList({ equipment, kind = 'launcher' }: { equipment?: Equipment; kind?: ThemeKind }) {
  const m = useThemeText();
  const layoutText = useLayoutText();
  const lang = useLang();
  const user = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pagesize: 20 });
  const [creating, setCreating] = useState(false);
  const [publishing, setPublishing] = useState<ThemeItem | null>(null);
  const [sending, setSending] = useState<ThemeItem | null>(null);
  const [form] = Form.useForm<{ name: string; equipmentType: Equipment }>();
  const query = { ...paging, kind, ...(equipment ? { equipmentType: equipment } : {}) };
  const list = useQuery({ queryKey: ['themes', lang, query], queryFn: ({ signal }) => themeApi.list(query, signal), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: ['themes'] });
  const run = useMutation({ mutationFn: (call: () => Promise<unknown>) => call(), onSuccess: refresh, onError: (error) => showApiError(error) });

  const create = async () => {
    const values = await form.validateFields();
    try {
      const theme = await themeApi.create({ ...values, kind });
      setCreating(false);
      navigate(editorPath(theme.id, kind));
    } catch (error) {
      showApiError(error, form, ['name', 'equipmentType']);
    }
  };

  const columns: ColumnsType<ThemeItem> = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
    { key: 'name', title: m('name'), dataIndex: 'name' },
    { key: 'type', title: m('category'), dataIndex: 'typeName', render: (v: string | null) => v ?? '-' },
    { key: 'equipment', title: m('equipmentType'), dataIndex: 'equipmentType', render: (v: Equipment) => m(v) },
    {
      key: 'status',
      title: m('status'),
      render: (_, row) => (
        <Space size={4}>
          <Tag color={row.status === 'unpublished' ? 'default' : 'green'} data-testid="theme-status">
            {THEME_STATES[row.status as keyof typeof THEME_STATES][lang]}
          </Tag>
          {row.locked && <Tag color="red">{m('locked')}</Tag>}
          {row.shownHere && (
            <Tooltip title={m('shownHereWhy')}>
              <Tag color="blue" data-testid="theme-shown-here">
                {m('shownHere')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'saved', title: m('savedAt'), dataIndex: 'draftSavedAt', render: (v: string) => formatDatetime(v) },
    {
      key: 'actions',
      title: m('actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          {row.editable && can(user, 'theme.update') && (
            <Button type="link" size="small" onClick={() => navigate(editorPath(row.id, row.kind))} data-testid="theme-edit">
              {m('edit')}
            </Button>
          )}
          {can(user, 'theme.update') && (
            <Button type="link" size="small" onClick={() => navigate(`/themes/themes_layout/${row.id}`)} data-testid="theme-manage">
              {layoutText('manage')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => openPreview(`/themes_template_preview/${row.id}`)} data-testid="theme-preview">
            {m('preview')}
          </Button>
          {row.actions.includes('publish') && (
            <Button type="link" size="small" onClick={() => setPublishing(row)} data-testid="theme-publish">
              {m('publish')}
            </Button>
          )}
          {(row.actions.includes('send') || row.actions.includes('cancelSend')) && (
            <Button type="link" size="small" onClick={() => setSending(row)} data-testid="theme-send">
              {m('send')}
            </Button>
          )}
          {(['cancelPublish', 'lock', 'unlock'] as const)
            .filter((action) => row.actions.includes(action))
            .map((action) => (
              <Button key={action} type="link" size="small" onClick={() => run.mutate(() => themeApi.act(row.id, action))} data-testid={`theme-${action}`}>
                {m(action)}
              </Button>
            ))}
          <TransferRowActions row={row} />
          {row.editable && can(user, 'theme.delete') && (
            <Popconfirm title={m('removeConfirm')} onConfirm={() => run.mutate(() => themeApi.remove(row.id))}>
              <Button type="link" size="small" danger>
                {m('remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={m(kind === 'welcome' ? 'welcomeTitle' : equipment === 'public' ? 'publicTitle' : equipment === 'room' ? 'roomTitle' : 'listTitle')}
      extra={
        can(user, 'theme.create') && (
          <Space>
            <ImportButton />
            <Button type="primary" onClick={() => (form.resetFields(), setCreating(true))} data-testid="theme-create">
              {m('create')}
            </Button>
          </Space>
        )
      }
    >
      {kind === 'welcome' && <Alert type="info" showIcon message={m('welcomeHint')} style={{ marginBottom: 16 }} />}
      <PagedTable<ThemeItem> rowKey="id" columns={columns} data={list.data} loading={list.isFetching} page={paging.page} pagesize={paging.pagesize} onPage={(page, pagesize) => setPaging({ page, pagesize })} />
      <Modal open={creating} title={m('create')} onOk={create} onCancel={() => setCreating(false)} okText={m('ok')} cancelText={m('cancel')} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ equipmentType: equipment ?? 'room' }}>
          <Form.Item name="name" label={m('name')} rules={[{ required: true, max: 30, whitespace: true }]}>
            <Input maxLength={30} data-testid="theme-name" />
          </Form.Item>
          <Form.Item name="equipmentType" label={m('equipmentType')} rules={[{ required: true }]}>
            <Select disabled={equipment !== undefined} options={EQUIPMENT_TYPES.map((value) => ({ value, label: m(value) }))} />
          </Form.Item>
        </Form>
      </Modal>
      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog theme={publishing} onClose={() => setPublishing(null)} onPublished={() => (setPublishing(null), void refresh())} />
        </Suspense>
      )}
      {sending && (
        <Suspense fallback={null}>
          <SendDialog theme={list.data?.items.find((item) => item.id === sending.id) ?? sending} onClose={() => setSending(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** /themes/themes_page: a hotel's room templates; every template for brands and the platform. */
export default function ThemesPage() {
  const user = useSession();
  return <ThemeList equipment={user.user_type === 3 ? 'room' : undefined} />;
}

/** /themes/themes_public_page: a hotel's public-area templates. */
export function PublicThemesPage() {
  return <ThemeList equipment="public" />;
}

/** /skin/list: welcome templates, which TVs show before the launcher. */
export function WelcomeThemesPage() {
  return <ThemeList kind="welcome" />;
}

/** /themes/themes_version: every version of the caller's templates, with timed ones cancellable. */
export function ThemeVersionsPage() {
  const m = useThemeText();
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pagesize: 20 });
  const list = useQuery({ queryKey: ['themes', 'versions', lang, paging], queryFn: ({ signal }) => themeApi.versions(paging, signal), placeholderData: keepPreviousData });
  const cancel = useMutation({
    mutationFn: (id: number) => themeApi.cancelVersion(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['themes'] }),
    onError: (error) => showApiError(error),
  });
  const columns: ColumnsType<(typeof list.data & object)['items'][number]> = [
    { key: 'theme', title: m('template'), dataIndex: 'themeName' },
    { key: 'number', title: m('version'), dataIndex: 'number', render: (n: number) => `v${n}` },
    { key: 'state', title: m('status'), dataIndex: 'state', render: (s: keyof typeof VERSION_STATES) => <Tag data-testid="version-state">{VERSION_STATES[s][lang]}</Tag> },
    { key: 'at', title: m('publishAtCol'), dataIndex: 'publishAt', render: (v: string | null) => (v ? formatDatetime(v) : '-') },
    { key: 'published', title: m('publishedAt'), dataIndex: 'publishedAt', render: (v: string | null) => (v ? formatDatetime(v) : '-') },
    { key: 'by', title: m('publishedBy'), dataIndex: 'publishedBy' },
    {
      key: 'actions',
      title: m('actions'),
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => openPreview(`/themes_preview/${row.id}`)} data-testid="version-preview">
            {m('preview')}
          </Button>
          {row.state === 'pending' && can(user, 'theme.publish') && (
            <Button type="link" size="small" onClick={() => cancel.mutate(row.id)}>
              {m('cancelVersion')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card title={m('versionsTitle')}>
      <PagedTable rowKey="id" columns={columns} data={list.data} loading={list.isFetching} page={paging.page} pagesize={paging.pagesize} onPage={(page, pagesize) => setPaging({ page, pagesize })} />
    </Card>
  );
}
