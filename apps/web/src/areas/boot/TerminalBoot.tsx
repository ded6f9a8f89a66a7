import { records, type FieldDef } from '@htv/shared';
import { HIDEABLE_MODULES } from '@htv/shared/areas/boot/records';
import type { BootSource } from '@htv/shared/areas/boot/device';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Space, Table, Tag, Typography } from 'antd';
import { formatDatetime } from '../../crud/columns';
import { useLang } from '../../locales';
import { bootApi, type BootExplanation, type DownloadTask } from './api';
import { useBootText } from './locales';

type Candidate = BootExplanation['candidates'][number];
const SOURCE_KEY: Record<BootSource, 'sourceMac' | 'sourceHotel' | 'sourceBrand' | 'sourcePlatform'> = { mac: 'sourceMac', hotel: 'sourceHotel', brand: 'sourceBrand', platform: 'sourcePlatform' };

/**
 * The terminal detail's Boot tab: the policy it gets and why (every candidate, the winner first), the
 * content hidden on it at boot and the downloads it reported (docs/boot.md).
 */
export function TerminalBootPanel({ mac }: { mac: string }) {
  const b = useBootText();
  const lang = useLang();
  const why = useQuery({ queryKey: ['boot', 'resolution', mac], queryFn: ({ signal }) => bootApi.resolution(mac, signal) });
  const data = why.data;
  if (!data) return <Typography.Text type="secondary">{why.isError ? '-' : '…'}</Typography.Text>;
  const hidden = data.hide.map((rule) => `${HIDEABLE_MODULES[rule.module as keyof typeof HIDEABLE_MODULES]?.[lang] ?? rule.module} (${rule.name})`);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="terminal-boot">
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={b('policy')}>
          <span data-testid="terminal-boot-policy">{data.policy ? `${data.policy.name} · ${b(SOURCE_KEY[data.policy.source])}` : b('noPolicy')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={b('hidden')}>{hidden.length ? hidden.join(', ') : b('noneHidden')}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{b('whyTitle')}</Typography.Title>
      <Table<Candidate>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.candidates}
        locale={{ emptyText: b('noPolicy') }}
        data-testid="terminal-boot-candidates"
        columns={[
          { key: 'state', title: '', render: (_, c) => (c.winner ? <Tag color="green">{b('winner')}</Tag> : <Tag>{b('outranked')}</Tag>) },
          { key: 'name', title: b('policy'), dataIndex: 'name' },
          { key: 'source', title: b('source'), render: (_, c) => b(SOURCE_KEY[c.source]) },
        ]}
      />
      <Typography.Title level={5}>{b('tasks')}</Typography.Title>
      <Table<DownloadTask>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.tasks}
        data-testid="terminal-boot-tasks"
        columns={[
          { key: 'name', title: b('part'), render: (_, task) => (task.kind === 'boot' ? (records.bootPolicy.fields as Record<string, FieldDef>)[task.name]?.label[lang] : undefined) ?? task.name },
          { key: 'state', title: b('state'), render: (_, task) => <Tag color={task.state === 'success' ? 'green' : task.state === 'failed' ? 'red' : 'blue'}>{b(task.state)}</Tag> },
          { key: 'reason', title: b('reason'), dataIndex: 'reason' },
          { key: 'at', title: b('updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDatetime(v) },
        ]}
      />
    </Space>
  );
}
