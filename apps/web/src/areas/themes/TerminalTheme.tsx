import { records } from '@htv/shared';
import { SEND_TARGET_NAMES, type TerminalThemeExplanation } from '@htv/shared/areas/themes/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { formatDatetime } from '../../crud/columns';
import { useLang } from '../../locales';
import { themeApi } from './api';
import { useThemeText } from './locales';

type Candidate = TerminalThemeExplanation['candidates'][number];

/**
 * "Why does this TV show this theme?" (terminal detail): the theme it resolves to (and its welcome
 * template), the send that won (target, sender, time) and the sends it outranked, best first
 * (docs/themes.md "Resolution").
 */
export function TerminalThemePanel({ mac }: { mac: string }) {
  const m = useThemeText();
  const lang = useLang();
  const why = useQuery({ queryKey: ['themes', 'resolution', mac], queryFn: ({ signal }) => themeApi.resolution(mac, 'launcher', signal) });
  const welcome = useQuery({ queryKey: ['themes', 'resolution', mac, 'welcome'], queryFn: ({ signal }) => themeApi.resolution(mac, 'welcome', signal) });
  const data = why.data;
  if (!data) return <Typography.Text type="secondary">{why.isError ? '-' : '…'}</Typography.Text>;
  const scene = records.terminal.fields.sceneMode.options?.[data.sceneMode]?.[lang] ?? data.sceneMode;
  const target = (c: Candidate) => `${SEND_TARGET_NAMES[c.targetKind][lang]}${c.targetName ? ` · ${c.targetName}` : ''}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="terminal-theme">
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={m('showsTheme')}>
          <span data-testid="terminal-theme-name">{data.theme ? `${data.theme.name} · v${data.theme.version}` : m('noTheme')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={m('showsWelcome')}>
          <span data-testid="terminal-welcome-name">{welcome.data?.theme ? `${welcome.data.theme.name} · v${welcome.data.theme.version}` : m('noTheme')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={m('equipmentType')}>
          {data.equipmentType ? m('sceneShows', { scene, type: m(data.equipmentType as 'room') }) : m('sceneShowsNone', { scene })}
        </Descriptions.Item>
      </Descriptions>
      {data.theme && data.authorization !== 'authorized' && <Alert type="warning" showIcon message={m('notAuthorized')} />}
      <Typography.Title level={5}>{m('whyTitle')}</Typography.Title>
      <Table<Candidate>
        size="small"
        rowKey="sendId"
        pagination={false}
        dataSource={data.candidates}
        locale={{ emptyText: m('noTheme') }}
        data-testid="terminal-theme-candidates"
        columns={[
          { key: 'state', title: '', render: (_, c) => (c.winner ? <Tag color="green">{m('winner')}</Tag> : <Tag>{m('outranked')}</Tag>) },
          { key: 'theme', title: m('template'), render: (_, c) => `${c.themeName} · v${c.version}` },
          { key: 'target', title: m('target'), render: (_, c) => target(c) },
          { key: 'by', title: m('sentBy'), dataIndex: 'sentBy' },
          { key: 'at', title: m('sentAt'), dataIndex: 'startAt', render: (v: string) => formatDatetime(v) },
          { key: 'end', title: m('endsAt'), dataIndex: 'endAt', render: (v: string) => formatDatetime(v) },
        ]}
      />
    </Space>
  );
}
