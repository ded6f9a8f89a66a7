import { PERMISSIONS } from '@htv/shared';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { ApiError, failureText, showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { hotelKeys, hotelsApi } from './api';
import { useHotelText, type HotelMessageKey } from './locales';

/** The whitelisted settings (HOTEL_SETTINGS) a hotel user edits here, all writable by user type 3. */
const KEYS = ['welcome_text', 'service_phone', 'check_out_time', 'wifi_ssid', 'wifi_password', 'extended_language'] as const;
type Key = (typeof KEYS)[number];
const LABELS: Record<Key, HotelMessageKey> = {
  welcome_text: 'welcomeText',
  service_phone: 'servicePhone',
  check_out_time: 'checkOutTime',
  wifi_ssid: 'wifiSsid',
  wifi_password: 'wifiPassword',
  extended_language: 'extendedLanguage',
};
const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'ru', 'fr', 'de', 'es', 'ar', 'th', 'vi'];

/**
 * /content/hotel_info — a hotel's settings by key (`GET /api/web/get_hotel_info_by_key`, saved with
 * `POST /api/web/set_hotel_info_by_key`, one call per changed key; a 422 on `value` lands on that key).
 */
export default function HotelInfoPage() {
  const m = useHotelText();
  const user = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<Key, unknown>>();
  const canEdit = can(user, PERMISSIONS.hotelInfoUpdate);
  const results = useQueries({
    queries: KEYS.map((key) => ({ queryKey: hotelKeys.setting(null, key), queryFn: ({ signal }: { signal: AbortSignal }) => hotelsApi.getSetting(key, null, signal), staleTime: 0 })),
  });
  const loading = results.some((r) => r.isPending);
  const failed = results.find((r) => r.isError);
  const loaded = Object.fromEntries(KEYS.map((key, i) => [key, results[i]?.data?.value])) as Record<Key, unknown>;
  const ready = !loading && !failed;

  useEffect(() => {
    if (ready) form.setFieldsValue(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const save = useMutation({
    mutationFn: async (values: Record<Key, unknown>) => {
      const changed = KEYS.filter((key) => JSON.stringify(values[key] ?? '') !== JSON.stringify(loaded[key] ?? ''));
      for (const key of changed) {
        try {
          await hotelsApi.setSetting(key, values[key] ?? (key === 'extended_language' ? [] : ''), null);
        } catch (error) {
          throw Object.assign(error as Error, { settingKey: key });
        }
      }
      return changed.length;
    },
    meta: { handlesErrors: true },
    onError: (error) => {
      const key = (error as { settingKey?: Key }).settingKey;
      if (key && error instanceof ApiError && error.status === 422) {
        const messages = error.errors?.value ?? error.message;
        form.setFields([{ name: key, errors: Array.isArray(messages) ? messages : [messages] }]);
        toastError(failureText(error));
      } else showApiError(error);
    },
    onSuccess: async () => {
      toastSuccess(m('saved'));
      await queryClient.invalidateQueries({ queryKey: hotelKeys.all });
    },
  });

  return (
    <Card title={m('hotelInfoTitle')}>
      {failed ? (
        <Alert type="error" showIcon title={failureText(failed.error)} />
      ) : loading ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <Spin />
        </div>
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '140px' }} wrapperCol={{ flex: 1 }} style={{ maxWidth: 720 }} disabled={!canEdit} onFinish={(values) => save.mutate(values)} data-testid="hotel-info-form">
          <Form.Item name="welcome_text" label={m(LABELS.welcome_text)} rules={[{ max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
          <Form.Item name="service_phone" label={m(LABELS.service_phone)}>
            <Input maxLength={20} allowClear />
          </Form.Item>
          <Form.Item name="check_out_time" label={m(LABELS.check_out_time)} extra={m('checkOutFormat')} rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: m('checkOutFormat') }]}>
            <Input maxLength={5} allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="wifi_ssid" label={m(LABELS.wifi_ssid)}>
            <Input maxLength={32} allowClear />
          </Form.Item>
          <Form.Item name="wifi_password" label={m(LABELS.wifi_password)}>
            <Input maxLength={64} allowClear />
          </Form.Item>
          <Form.Item name="extended_language" label={m(LABELS.extended_language)}>
            <Select mode="multiple" allowClear options={LANGUAGES.map((code) => ({ value: code, label: code }))} />
          </Form.Item>
          {canEdit && (
            <Form.Item wrapperCol={{ offset: 0 }} style={{ textAlign: 'right' }}>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="hotel-info-save">
                {m('save')}
              </Button>
            </Form.Item>
          )}
        </Form>
      )}
    </Card>
  );
}
