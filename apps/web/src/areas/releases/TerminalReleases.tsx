import { ACTION_STATES, INSTALL_TYPES, RELEASE_KINDS } from '@htv/shared/areas/releases/index';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Space, Table, Tag, Typography } from 'antd';
import { formatDatetime } from '../../crud/columns';
import { useLang } from '../../locales';
import { releaseApi, type TerminalReleases } from './api';
import { useReleaseText } from './locales';

/** The terminal detail's Upgrades tab: installed versions and the upgrades not done yet. */
export function TerminalReleasesPanel({ terminalId }: { terminalId: number }) {
  const m = useReleaseText();
  const lang = useLang();
  const info = useQuery({ queryKey: ['releases', 'terminal', terminalId], queryFn: ({ signal }) => releaseApi.terminal(terminalId, signal), refetchInterval: 5000 });
  const data = info.data;
  if (!data) return <Typography.Text type="secondary">{info.isError ? '-' : '…'}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="terminal-releases">
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={m('otaVersion')}>{data.otaVersion ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={m('controlVersion')}>{data.controlVersion ?? '-'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{m('installed')}</Typography.Title>
      <Table<TerminalReleases['installed'][number]>
        size="small"
        rowKey={(r) => `${r.kind}:${r.packageName}`}
        pagination={false}
        dataSource={data.installed}
        locale={{ emptyText: m('none') }}
        data-testid="terminal-installed"
        columns={[
          { key: 'kind', title: m('kind'), render: (_, r) => RELEASE_KINDS[r.kind as keyof typeof RELEASE_KINDS]?.[lang] ?? r.kind },
          { key: 'package', title: m('package'), render: (_, r) => r.packageName || '-' },
          { key: 'version', title: m('version'), render: (_, r) => <span data-testid="terminal-installed-version">{r.versionName}</span> },
          { key: 'at', title: m('updatedAt'), dataIndex: 'installedAt', render: (v: string) => formatDatetime(v) },
        ]}
      />
      <Typography.Title level={5}>{m('pendingActions')}</Typography.Title>
      <Table<TerminalReleases['actions'][number]>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.actions}
        locale={{ emptyText: m('none') }}
        columns={[
          { key: 'package', title: m('package'), render: (_, r) => `${r.packageTitle} · ${r.versionName}` },
          { key: 'rollout', title: m('rollouts'), dataIndex: 'rolloutName' },
          { key: 'state', title: m('state'), render: (_, r) => <Tag>{ACTION_STATES[r.state as keyof typeof ACTION_STATES]?.[lang] ?? r.state}</Tag> },
          {
            key: 'window',
            title: m('window'),
            render: (_, r) => {
              const window = r.window && `${r.window.start}-${r.window.end}`;
              const shown = !window ? m('noWindow') : r.window!.source === 'hotel' ? m('windowOfHotel', { window }) : window;
              return <span data-testid="terminal-action-window">{`${INSTALL_TYPES[r.installType][lang]} · ${shown}`}</span>;
            },
          },
          { key: 'reason', title: m('reason'), render: (_, r) => r.failureReason ?? '-' },
        ]}
      />
    </Space>
  );
}
