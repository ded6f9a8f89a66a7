import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Form, Switch, Table } from 'antd';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import { useLang, useTexts } from '../../locales';
import { EXCHANGE_TEXTS } from '../exchange/locales';

interface PmCity {
  id: number;
  name: string;
  nameEn: string | null;
  local: boolean;
  pm25: number | null;
  pm10: number | null;
  airObservedAt: string | null;
  fetchError: string | null;
}
interface PmView {
  enabled: boolean;
  weatherOn: boolean;
  cities: PmCity[];
}
const KEY = ['weather', 'pm'];

/** /content/weather-pm: the hotel's PM2.5 feature (`set_hotel_info_by_key?key=pm25`) and its cities' last PM2.5 and PM10. */
export default function PmPage() {
  const m = useTexts(EXCHANGE_TEXTS);
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const view = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<PmView>('/web/weather/pm', undefined, signal) });
  const toggle = useMutation({
    mutationFn: (on: boolean) => api.post('/web/set_hotel_info_by_key', { key: 'pm25', value: on }),
    onSuccess: () => {
      toastSuccess(m('saved'));
      void client.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => showApiError(error),
  });
  const time = (value: string | null) => (value ? new Date(value).toLocaleString(lang) : '--');
  return (
    <Card data-testid="weather-pm" title={m('pmTitle')}>
      <QueryStatus query={view}>
        {view.data && (
          <>
            {!view.data.weatherOn && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={m('weatherOff')} />}
            <Form.Item label={m('pmEnabled')} extra={m('pmEnabledHelp')}>
              <Switch checked={view.data.enabled} loading={toggle.isPending} disabled={!can(user, 'pm25.update')} onChange={(on) => toggle.mutate(on)} data-testid="weather-pm-switch" />
            </Form.Item>
            <Table<PmCity>
              rowKey="id"
              pagination={false}
              dataSource={view.data.cities}
              locale={{ emptyText: m('none') }}
              columns={[
                { title: m('city'), render: (_, row) => (lang === 'en-US' ? row.nameEn || row.name : row.name) + (row.local ? ` (${m('local')})` : '') },
                { title: 'PM2.5 (μg/m³)', dataIndex: 'pm25', render: (v: number | null) => v ?? '--' },
                { title: 'PM10 (μg/m³)', dataIndex: 'pm10', render: (v: number | null) => v ?? '--' },
                { title: m('updated'), dataIndex: 'airObservedAt', render: time },
                { title: m('failure'), dataIndex: 'fetchError', render: (v: string | null) => v ?? '' },
              ]}
            />
          </>
        )}
      </QueryStatus>
    </Card>
  );
}
