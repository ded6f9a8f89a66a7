import { records } from '@htv/shared';
import { PERMISSIONS } from '@htv/shared/areas/access/permissions';
import { APP_TYPES, DISTRIBUTIONS } from '@htv/shared/areas/releases/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { FileThumbnail, formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import RecordListPage from '../../crud/RecordListPage';
import type { RecordListProps } from '../../crud/registry';
import { useLang } from '../../locales';
import { AppReleaseAction } from './actions';
import { releaseApi, type OfferedApp } from './api';
import { useReleaseText } from './locales';

const fields = records.app.fields;

/** The platform's apps offered to the signed-in hotel (`GET /api/releases/offered-apps`): read-only, each releasable to its terminals. */
function OfferedApps() {
  const m = useReleaseText();
  const lang = useLang();
  const user = useSession();
  const [query, setQuery] = useState({ page: 1, pagesize: 20, keyword: '' });
  const list = useQuery({
    queryKey: ['releases', 'offered-apps', query],
    queryFn: ({ signal }) => releaseApi.offeredApps({ ...query, keyword: query.keyword || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const mayRelease = can(user, PERMISSIONS.releasePublish);
  return (
    <Card>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{m('platformAppsHelp')}</Typography.Text>
        <Input.Search allowClear style={{ maxWidth: 320 }} onSearch={(keyword) => setQuery({ ...query, page: 1, keyword: keyword.trim() })} data-testid="offered-search" />
        <PagedTable<OfferedApp>
          rowKey="id"
          data={list.data}
          loading={list.isFetching}
          page={query.page}
          pagesize={query.pagesize}
          onPage={(page, pagesize) => setQuery({ ...query, page, pagesize })}
          data-testid="offered-apps"
          columns={[
            { key: 'icon', title: fields.iconFileId.label[lang], render: (_, r) => (r.iconFileId ? <FileThumbnail id={r.iconFileId} testId="offered-icon" /> : '-') },
            {
              key: 'name',
              title: fields.name.label[lang],
              render: (_, r) => (
                <Space>
                  {r.name}
                  <Tag color="blue">{m('platformTag')}</Tag>
                </Space>
              ),
            },
            { key: 'packageName', title: fields.packageName.label[lang], dataIndex: 'packageName' },
            { key: 'versionName', title: fields.versionName.label[lang], dataIndex: 'versionName' },
            { key: 'versionCode', title: fields.versionCode.label[lang], dataIndex: 'versionCode' },
            { key: 'size', title: fields.size.label[lang], dataIndex: 'size' },
            { key: 'appType', title: fields.appType.label[lang], render: (_, r) => APP_TYPES[r.appType as keyof typeof APP_TYPES]?.[lang] ?? '-' },
            { key: 'distribution', title: fields.distribution.label[lang], render: (_, r) => DISTRIBUTIONS[r.distribution][lang] },
            { key: 'createdAt', title: m('createdAt'), render: (_, r) => formatDatetime(r.createdAt) },
            ...(mayRelease ? [{ key: 'actions', title: '', render: (_: unknown, r: OfferedApp) => (r.apkFileId ? <AppReleaseAction row={r as OfferedApp & Record<string, unknown>} /> : null) }] : []),
          ]}
        />
      </Space>
    </Card>
  );
}

/**
 * The app pages (/all_app/list, /hotelapp/list): the platform's is the generated list; a hotel's
 * shows its own apps (the generated list, narrowed to the hotel) beside the platform's apps offered
 * to it, which it may release but never change.
 */
export default function AppsPage(props: RecordListProps) {
  const m = useReleaseText();
  const user = useSession();
  if (user.user_type !== 3 || !user.hotel_id) return <RecordListPage {...props} />;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'own', label: m('hotelApps'), children: <RecordListPage {...props} filters={{ ...props.filters, hotelId: String(user.hotel_id) }} /> },
        { key: 'platform', label: <span data-testid="platform-apps-tab">{m('platformApps')}</span>, children: <OfferedApps /> },
      ]}
    />
  );
}
