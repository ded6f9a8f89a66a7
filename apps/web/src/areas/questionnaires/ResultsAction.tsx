import type { QuestionnaireResults } from '@htv/shared/areas/questionnaires/device';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { api, downloadFile, showApiError } from '../../api/client';
import type { RowActionProps } from '../../crud/extensions';
import { QueryStatus } from '../../crud/QueryStatus';
import { useLang, useTexts } from '../../locales';
import { QUESTIONNAIRE_TEXTS } from './locales';

const ResultsChart = lazyPage(() => import('./ResultsChart'));
type OptionResult = QuestionnaireResults['options'][number];

/** Each option's support count and percentage, refreshed every 3 s while open, as bars and a table, with export. */
function ResultsModal({ id, onClose }: { id: number; onClose: () => void }) {
  const m = useTexts(QUESTIONNAIRE_TEXTS);
  const lang = useLang();
  const query = useQuery({ queryKey: ['questionnaires', id, 'results'], queryFn: ({ signal }) => api.get<QuestionnaireResults>(`/questionnaires/${id}/results`, undefined, signal), refetchInterval: 3000 });
  const label = (o: OptionResult) => (lang === 'en-US' ? o.textEn : o.text);
  const data = query.data;
  return (
    <Modal open width={760} title={m('resultsTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <QueryStatus query={query}>
        {data && (
          <>
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text strong data-testid="questionnaire-total" data-total={data.total}>
                {m('total', { total: data.total })}
              </Typography.Text>
              <Space>
                <Typography.Text type="secondary">{m('live')}</Typography.Text>
                <Button onClick={() => downloadFile(`/questionnaires/${id}/results/export`, {}, `questionnaire-${id}.xlsx`).catch(showApiError)}>{m('export')}</Button>
              </Space>
            </Space>
            <div data-testid="questionnaire-chart" data-counts={data.options.map((o) => o.count).join(',')}>
              <Suspense fallback={<div style={{ height: 160 }} />}>
                <ResultsChart rows={data.options.map((o) => ({ label: label(o), count: o.count, percent: o.percent }))} />
              </Suspense>
            </div>
            <Table<OptionResult>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.options}
              columns={[
                { title: m('option'), key: 'option', render: (_: unknown, o) => label(o) },
                { title: m('count'), dataIndex: 'count', render: (count: number, o) => <span data-testid="questionnaire-count" data-option={o.id}>{count}</span> },
                { title: m('percent'), dataIndex: 'percent', render: (percent: number) => `${percent}%` },
              ]}
            />
          </>
        )}
      </QueryStatus>
    </Modal>
  );
}

/** A released questionnaire's row action: its results. */
export function ResultsAction({ row }: RowActionProps) {
  const m = useTexts(QUESTIONNAIRE_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="questionnaire-results-open">
        {m('results')}
      </Button>
      {open && <ResultsModal id={Number(row.id)} onClose={() => setOpen(false)} />}
    </>
  );
}
