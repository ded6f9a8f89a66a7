import { THEME_STATES, VERSION_STATES } from '@htv/shared/areas/themes/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { APP_BASE } from '../../api/client';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { QueryStatus } from '../../crud/QueryStatus';
import { useLang } from '../../locales';
import { themeApi, type VersionItem } from './api';
import { useLayoutText } from './layout-locales';
import { editorPath } from './ThemesPage';

interface Row {
  key: string;
  kind: 'layout' | 'page';
  name: string;
  itemKey: string;
  type: string;
  parent?: string;
  bootDisplay?: boolean;
  containers: number;
  blocks: number;
  blockTypes: string[];
  children?: Row[];
}

/**
 * /themes/themes_layout/:themeid, the template's manage interface (docs/themes.md): what the template
 * is made of at a glance (its interfaces and their pages with their containers, blocks and block
 * types), its state and draft, its versions, and the ways on: the editor, the preview and the quick
 * settings. Changes are made in the editor; this page only reads.
 */
export default function ThemeLayoutPage() {
  const m = useLayoutText();
  const lang = useLang();
  const navigate = useNavigate();
  const user = useSession();
  const id = Number(useParams().themeid);
  const valid = Number.isInteger(id) && id > 0;
  const theme = useQuery({ queryKey: ['themes', 'manage', id], queryFn: ({ signal }) => themeApi.get(id, signal), enabled: valid, retry: false });
  const versions = useQuery({
    queryKey: ['themes', 'manage', id, 'versions'],
    queryFn: ({ signal }) => themeApi.versions({ themeId: id, page: 1, pagesize: 10 }, signal),
    enabled: valid && can(user, 'themeVersion.read'),
    meta: { silent: true },
  });

  const rows = useMemo<Row[]>(() => {
    const doc = theme.data?.document;
    if (!doc) return [];
    return doc.layouts.map((layout) => {
      const pages: Row[] = layout.pages.map((page) => {
        const blocks = page.containers.flatMap((c) => c.blocks as { type: string }[]);
        return {
          key: `${layout.key}/${page.key}`,
          kind: 'page',
          name: page.name,
          itemKey: page.key,
          type: page.type,
          containers: page.containers.length,
          blocks: blocks.length,
          blockTypes: [...new Set(blocks.map((b) => b.type))].sort(),
        };
      });
      return {
        key: layout.key,
        kind: 'layout',
        name: layout.name,
        itemKey: layout.key,
        type: layout.type,
        parent: layout.parent,
        bootDisplay: layout.bootDisplay,
        containers: pages.reduce((n, p) => n + p.containers, 0),
        blocks: pages.reduce((n, p) => n + p.blocks, 0),
        blockTypes: [...new Set(pages.flatMap((p) => p.blockTypes))].sort(),
        children: pages,
      };
    });
  }, [theme.data]);

  if (!valid || theme.error) return <Result status="404" title={m('notFound')} extra={<Button onClick={() => navigate('/themes/themes_page')}>{m('back')}</Button>} data-testid="theme-manage-missing" />;
  if (!theme.data) return <QueryStatus query={theme}>{null}</QueryStatus>;
  const data = theme.data;
  const doc = data.document;
  const editable = data.editable && can(user, 'theme.update');
  const interfaceName = (type: string) => (type === 'main' ? m('main') : type === 'welcome' ? m('welcomeType') : m('common'));

  const columns: ColumnsType<Row> = [
    { key: 'name', title: `${m('layout')} / ${m('page')}`, render: (_, row) => (row.kind === 'layout' ? <Typography.Text strong>{row.name}</Typography.Text> : row.name) },
    { key: 'key', title: m('key'), dataIndex: 'itemKey', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { key: 'type', title: m('type'), render: (_, row) => (row.kind === 'layout' ? interfaceName(row.type) : row.type) },
    { key: 'parent', title: m('parent'), render: (_, row) => (row.kind === 'layout' ? (row.parent ?? '-') : '') },
    { key: 'boot', title: m('bootDisplay'), render: (_, row) => (row.kind === 'layout' ? (row.bootDisplay ? m('yes') : m('no')) : '') },
    { key: 'containers', title: m('containers'), dataIndex: 'containers', width: 90 },
    { key: 'blocks', title: m('blocks'), dataIndex: 'blocks', width: 90 },
    { key: 'blockTypes', title: m('blockTypes'), render: (_, row) => <Space size={[4, 4]} wrap>{row.blockTypes.map((type) => <Tag key={type}>{type}</Tag>)}</Space> },
  ];
  const versionColumns: ColumnsType<VersionItem> = [
    { key: 'number', title: m('version'), dataIndex: 'number', render: (v: number) => `v${v}` },
    { key: 'state', title: m('versionState'), dataIndex: 'state', render: (v: VersionItem['state']) => VERSION_STATES[v][lang] },
    { key: 'at', title: m('publishedAt'), render: (_, row) => formatDatetime(row.publishedAt ?? row.publishAt ?? '') },
    { key: 'by', title: m('publishedBy'), dataIndex: 'publishedBy' },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="theme-manage">
      <Card
        title={m('title', { name: data.name })}
        extra={
          <Space wrap>
            <Button onClick={() => navigate(data.kind === 'welcome' ? '/skin/list' : '/themes/themes_page')}>{m('back')}</Button>
            <Button onClick={() => window.open(`${APP_BASE}/themes_template_preview/${data.id}`, '_blank', 'noopener')} data-testid="theme-manage-preview">
              {m('preview')}
            </Button>
            {editable && data.kind === 'launcher' && (
              <Button onClick={() => navigate(`/themes/themes_tag_setting/${data.id}`)} data-testid="theme-manage-quick">
                {m('quick')}
              </Button>
            )}
            {editable && (
              <Button type="primary" onClick={() => navigate(editorPath(data.id, data.kind))} data-testid="theme-manage-edit">
                {m('edit')}
              </Button>
            )}
          </Space>
        }
      >
        {!editable && <Alert type="info" showIcon message={m('readOnly')} style={{ marginBottom: 16 }} />}
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={m('kind')}>{m(data.kind === 'welcome' ? 'welcome' : 'launcher')}</Descriptions.Item>
          <Descriptions.Item label={m('status')}>
            <Space size={4}>
              <Tag color={data.status === 'unpublished' ? 'default' : 'green'} data-testid="theme-manage-status">
                {THEME_STATES[data.status as keyof typeof THEME_STATES][lang]}
              </Tag>
              {data.locked && <Tag color="red">{m('locked')}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={m('languages')}>{doc.theme.languages.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={m('interfaceTypes')}>{doc.theme.interfaceTypes.map(interfaceName).join(', ')}</Descriptions.Item>
          <Descriptions.Item label={m('screen')}>{`${doc.theme.screenRatio} · ${doc.theme.orientation}`}</Descriptions.Item>
          <Descriptions.Item label={m('draft')}>{m('draftSaved', { revision: data.draftRevision, by: data.draftSavedBy ?? '-', at: formatDatetime(data.draftSavedAt) })}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={m('structure')}>
        <Typography.Paragraph type="secondary">{m('structureHint')}</Typography.Paragraph>
        <Table<Row> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} expandable={{ defaultExpandAllRows: true }} data-testid="theme-manage-structure" />
      </Card>
      {versions.data && (
        <Card title={m('versions')}>
          <Table<VersionItem> rowKey="id" size="small" columns={versionColumns} dataSource={versions.data.items} pagination={false} locale={{ emptyText: m('noVersions') }} data-testid="theme-manage-versions" />
        </Card>
      )}
    </Space>
  );
}
