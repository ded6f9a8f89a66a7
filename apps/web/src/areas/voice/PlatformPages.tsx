import { ROUTE_TABLE } from '@htv/shared';
import type { CheckStatus, ConfigCheckRow, EngineInfo, ProjectConfigRow } from '@htv/shared/areas/voice/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { PagedTable, type PageOf } from '../../crud/PagedTable';
import { useTexts } from '../../locales';
import { AI_PLATFORM_TEXTS } from './locales';

type Flag = 'all' | 'true' | 'false';
const STATUS_COLORS: Record<CheckStatus, string> = { ok: 'success', error: 'error', warning: 'warning', info: 'processing' };
const PLATFORM_PAGES = new Set(ROUTE_TABLE[1].map((entry) => entry.path));

/** Page, page size, keyword: a server-paged list's query. */
function usePaging() {
  const [paging, setPaging] = useState({ page: 1, pagesize: 20 });
  const [keyword, setKeyword] = useState('');
  return { paging, setPaging, keyword, search: (value: string) => (setKeyword(value.trim()), setPaging((p) => ({ ...p, page: 1 }))) };
}

/**
 * /ai/project_config (platform): which hotels have the AI voice flag (and the AI open platform), the
 * settings that apply to each (its own or the default), what it has configured, and the engine every
 * hotel shares.
 */
export function ProjectConfigPage() {
  const m = useTexts(AI_PLATFORM_TEXTS);
  const { paging, setPaging, keyword, search } = usePaging();
  const [aiVoice, setAiVoice] = useState<Flag>('all');
  const list = useQuery({
    queryKey: ['voice', 'project-config', paging, keyword, aiVoice],
    queryFn: ({ signal }) => api.get<PageOf<ProjectConfigRow> & { engine: EngineInfo }>('/ai/project-config', { ...paging, keyword, aiVoice: aiVoice === 'all' ? undefined : aiVoice }, signal),
    placeholderData: keepPreviousData,
  });
  const engine = list.data?.engine;
  const own = (value: number, isOwn: boolean, text: string) => (
    <Space size={4}>
      {text.replace('{n}', String(value))}
      {!isOwn && <Tag>{m('defaultTag')}</Tag>}
    </Space>
  );
  const yes = (value: boolean) => <Tag color={value ? 'success' : 'default'}>{value ? m('on') : m('off')}</Tag>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="ai-project-config">
      <Card title={m('engine')} size="small">
        {engine && (
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={m('engineName')}>{engine.engine}</Descriptions.Item>
            <Descriptions.Item label={m('languages')}>{engine.languages.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={m('defaultThreshold')}>{engine.defaultThreshold}%</Descriptions.Item>
            <Descriptions.Item label={m('defaultEscalate')}>{m('minutesValue', { n: engine.defaultEscalateMinutes })}</Descriptions.Item>
            <Descriptions.Item label={m('limits')}>{m('limitsValue', { sentences: engine.sentencesPerMinute, calls: engine.callsPerMinute })}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search placeholder={m('keyword')} allowClear enterButton={m('search')} onSearch={search} style={{ width: 280 }} data-testid="ai-project-config-search" />
          <Segmented<Flag>
            value={aiVoice}
            onChange={(value) => (setAiVoice(value), setPaging((p) => ({ ...p, page: 1 })))}
            options={[
              { value: 'all', label: `${m('aiVoice')}: ${m('all')}` },
              { value: 'true', label: m('on') },
              { value: 'false', label: m('off') },
            ]}
          />
        </Space>
        <PagedTable<ProjectConfigRow>
          rowKey="hotelId"
          size="middle"
          scroll={{ x: 'max-content' }}
          data={list.data}
          loading={list.isFetching}
          page={paging.page}
          pagesize={paging.pagesize}
          onPage={(page, pagesize) => setPaging({ page, pagesize })}
          columns={[
            { title: m('hotel'), dataIndex: 'hotelName', fixed: 'left' },
            { title: m('brand'), dataIndex: 'brandName' },
            { title: m('aiVoice'), dataIndex: 'aiVoice', render: yes },
            { title: m('openXb'), dataIndex: 'openXb', render: yes },
            { title: m('threshold'), key: 'threshold', render: (_, row) => own(row.threshold, row.thresholdOwn, '{n}%') },
            { title: m('escalate'), key: 'escalate', render: (_, row) => own(row.escalateMinutes, row.escalateOwn, m('minutesValue', { n: '{n}' })) },
            { title: m('publishedSet'), dataIndex: 'publishedSet', render: (set: ProjectConfigRow['publishedSet']) => (set ? `${set.name} (${set.accuracy ?? '-'}%)` : m('none')) },
            { title: m('intents'), dataIndex: 'intents' },
            { title: m('instructions'), dataIndex: 'instructions' },
            { title: m('goods'), dataIndex: 'goods' },
            { title: m('info'), key: 'info', render: (_, row) => `${row.infoPassed} / ${row.infoInReview}` },
            { title: m('calls7d'), dataIndex: 'calls7d' },
            { title: m('roomControl'), dataIndex: 'roomControl', render: (value: boolean) => (value ? m('yes') : m('no')) },
          ]}
        />
      </Card>
    </Space>
  );
}

/**
 * /ai/config_check (platform): each AI hotel's configuration checked as its TVs would use it, the
 * worst first; each finding says what is wrong and where it is put right.
 */
export function ConfigCheckPage() {
  const m = useTexts(AI_PLATFORM_TEXTS);
  const { paging, setPaging, keyword, search } = usePaging();
  const [status, setStatus] = useState<CheckStatus | 'all'>('all');
  const list = useQuery({
    queryKey: ['voice', 'config-check', paging, keyword, status],
    queryFn: ({ signal }) => api.get<PageOf<ConfigCheckRow>>('/ai/config-check', { ...paging, keyword, status: status === 'all' ? undefined : status }, signal),
    placeholderData: keepPreviousData,
  });
  const label = (value: CheckStatus) => (value === 'info' ? m('infoLevel') : m(value));
  return (
    <Card data-testid="ai-config-check">
      <Typography.Paragraph type="secondary">{m('checkIntro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search placeholder={m('keyword')} allowClear enterButton={m('search')} onSearch={search} style={{ width: 280 }} />
        <Segmented<CheckStatus | 'all'>
          value={status}
          onChange={(value) => (setStatus(value), setPaging((p) => ({ ...p, page: 1 })))}
          options={[{ value: 'all', label: m('all') }, ...(['error', 'warning', 'info', 'ok'] as const).map((value) => ({ value, label: label(value) }))]}
        />
      </Space>
      <PagedTable<ConfigCheckRow>
        rowKey="hotelId"
        size="middle"
        data={list.data}
        loading={list.isFetching}
        page={paging.page}
        pagesize={paging.pagesize}
        onPage={(page, pagesize) => setPaging({ page, pagesize })}
        columns={[
          { title: m('hotel'), dataIndex: 'hotelName', width: 220 },
          { title: m('brand'), dataIndex: 'brandName', width: 160 },
          { title: m('status'), dataIndex: 'status', width: 100, render: (value: CheckStatus) => <Tag color={STATUS_COLORS[value]}>{label(value)}</Tag> },
          {
            title: m('findings'),
            dataIndex: 'findings',
            render: (findings: ConfigCheckRow['findings']) => (
              <Space direction="vertical" size={2}>
                {findings.map((finding) => (
                  <span key={`${finding.code}-${finding.message}`}>
                    <Tag color={STATUS_COLORS[finding.severity]}>{label(finding.severity)}</Tag>
                    {finding.message}
                    {PLATFORM_PAGES.has(finding.page) && (
                      <>
                        {' '}
                        <Link to={finding.page}>{m('open')}</Link>
                      </>
                    )}
                  </span>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
