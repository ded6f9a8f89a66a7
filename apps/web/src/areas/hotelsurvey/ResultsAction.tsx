import type { SurveyResult } from '@htv/shared/areas/hotelsurvey/device';
import { SURVEY_VERDICTS } from '@htv/shared/areas/hotelsurvey/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { QueryStatus } from '../../crud/QueryStatus';
import type { RowActionProps } from '../../crud/extensions';
import { useLang, useTexts } from '../../locales';
import { formatTime } from '../tenants/HotelRoomsPage';
import { HOTEL_SURVEY_TEXTS } from './locales';

const COLOURS = { good: 'green', poor: 'orange', failed: 'red' } as const;

/** Each listed TV's latest measurement with its verdict (refreshed every 5 s while open). */
export function ResultsAction({ row }: RowActionProps) {
  const m = useTexts(HOTEL_SURVEY_TEXTS);
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const results = useQuery({
    queryKey: ['hotelSurvey', 'results', row.id],
    queryFn: ({ signal }) => api.get<{ status: string; results: SurveyResult[] }>(`/hotel-surveys/${row.id}/results`, undefined, signal),
    enabled: open,
    refetchInterval: open ? 5_000 : false,
  });
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="hotel-survey-results-open">
        {m('results')}
      </Button>
      {open && (
        <Modal open width={920} title={m('resultsTitle')} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
          <Typography.Paragraph type="secondary">{m('thresholds')}</Typography.Paragraph>
          <QueryStatus query={results}>
            <Table
              data-testid="hotel-survey-results"
              size="small"
              pagination={false}
              rowKey="mac"
              dataSource={results.data?.results ?? []}
              columns={[
                { title: m('mac'), dataIndex: 'mac' },
                { title: m('room'), dataIndex: 'roomNumber', render: (room: string | null, result: SurveyResult) => (result.terminalId ? (room ?? '') : <Typography.Text type="warning">{m('notRegistered')}</Typography.Text>) },
                { title: m('rtt'), dataIndex: 'rttMs' },
                { title: m('loss'), dataIndex: 'loss', render: (loss: number, result: SurveyResult) => (result.reportedAt ? `${Math.round(loss * 100)}%` : '') },
                { title: m('mbps'), dataIndex: 'mbps' },
                { title: m('model'), dataIndex: 'model' },
                { title: m('firmware'), dataIndex: 'firmware' },
                {
                  title: m('verdict'),
                  dataIndex: 'verdict',
                  render: (verdict: SurveyResult['verdict']) => (verdict ? <Tag color={COLOURS[verdict]}>{SURVEY_VERDICTS[verdict][lang]}</Tag> : <Typography.Text type="secondary">{m('waiting')}</Typography.Text>),
                },
                { title: m('reportedAt'), dataIndex: 'reportedAt', render: (at: string | null) => (at ? formatTime(at) : '') },
              ]}
            />
          </QueryStatus>
        </Modal>
      )}
    </>
  );
}
