import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { recordKeys } from '../../crud/api';
import { QueryStatus } from '../../crud/QueryStatus';
import { hotelKeys, hotelsApi } from './api';
import { useHotelText } from './locales';

/**
 * Transfer a hotel's manager: the hotel's other accounts (`get_hotel_users?has_manager=0`), one chosen,
 * confirmed, then `POST /api/web/hotel/transfer_hotel_manager {hotel_id, user_id}`.
 */
export function TransferManagerModal({ hotelId, hotelName, managerName, onClose }: { hotelId: number; hotelName: string; managerName?: string | null; onClose: () => void }) {
  const m = useHotelText();
  const [form] = Form.useForm<{ user_id: number }>();
  const [chosen, setChosen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: hotelKeys.users(hotelId), queryFn: ({ signal }) => hotelsApi.hotelUsers(hotelId, signal), staleTime: 0, meta: { silent: true } });
  const candidates = (users.data?.list ?? []).filter((u) => !u.is_manager);
  const chosenUser = candidates.find((u) => u.id === chosen);

  const transfer = useMutation({
    mutationFn: (userId: number) => hotelsApi.transferManager(hotelId, userId),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, ['user_id']),
    onSuccess: async () => {
      toastSuccess(m('transferred'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: recordKeys.all }), queryClient.invalidateQueries({ queryKey: hotelKeys.all })]);
      onClose();
    },
  });

  return (
    <Modal open title={m('transferTitle', { hotel: hotelName })} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }} width={520}>
      <QueryStatus query={users} minHeight={120}>
        <Form form={form} layout="vertical" data-testid="transfer-manager-form">
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={m('currentManager')}>{managerName || m('none')}</Descriptions.Item>
          </Descriptions>
          {candidates.length === 0 ? (
            <Alert type="info" showIcon title={m('noCandidates')} />
          ) : (
            <Form.Item name="user_id" label={m('newManager')} rules={[{ required: true, message: m('chooseUser') }]}>
              <Select
                placeholder={m('chooseUser')}
                onChange={(value: number) => setChosen(value)}
                options={candidates.map((u) => ({ value: u.id, label: `${u.name} (${u.login_name})`, disabled: !u.enabled }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          )}
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{m('cancel')}</Button>
            <Popconfirm
              title={m('transferConfirm', { name: chosenUser ? chosenUser.name : '' })}
              okText={m('ok')}
              cancelText={m('cancel')}
              disabled={!chosenUser}
              onConfirm={() => transfer.mutateAsync(chosen!).then(() => undefined, () => undefined)}
            >
              <Button type="primary" disabled={!chosenUser} loading={transfer.isPending} data-testid="transfer-manager-submit">
                {m('ok')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      </QueryStatus>
    </Modal>
  );
}
