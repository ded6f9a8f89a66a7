import { records, type RecordDef } from '@htv/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Radio, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { recordApi } from '../../crud/api';
import { releaseApi } from './api';
import { useReleaseText } from './locales';

interface Values {
  all: boolean;
  brandIds: number[];
  hotelIds: number[];
}

type Choice = { value: number; label: string };

/** A searched multiple select of brands or hotels; the chosen ones keep their names while others are searched. */
function SearchSelect({ record, chosen, value, onChange, testId }: { record: RecordDef; chosen: Choice[]; value?: number[]; onChange?: (ids: number[]) => void; testId: string }) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['releases', 'offer-options', record.name, keyword], queryFn: ({ signal }) => recordApi.options(record, keyword, undefined, signal) });
  const options = [...chosen.filter((c) => !found.data?.some((o) => o.value === c.value)), ...(found.data ?? [])];
  return <Select mode="multiple" showSearch filterOption={false} onSearch={setKeyword} options={options} value={value} onChange={onChange} loading={found.isFetching} data-testid={testId} />;
}

/**
 * Where a platform app is offered (`PUT /api/releases/apps/{id}/offers`): every hotel, or chosen
 * brands (all their hotels) and hotels; a partial trial only to chosen ones (the server's 422 shows on
 * the scope). Hotels then see it, read-only, on their app page.
 */
export function OfferDialog({ appId, title, onClose }: { appId: number; title: string; onClose: () => void }) {
  const m = useReleaseText();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const current = useQuery({ queryKey: ['releases', 'offer', appId], queryFn: ({ signal }) => releaseApi.offer(appId, signal) });
  const all = Form.useWatch('all', form);
  const offer = current.data;

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await releaseApi.setOffer(appId, v.all ? { all: true } : { all: false, brandIds: v.brandIds ?? [], hotelIds: v.hotelIds ?? [] });
      toastSuccess(m('offerSaved'));
      await client.invalidateQueries({ queryKey: ['releases', 'offer', appId] });
      onClose();
    } catch (error) {
      showApiError(error, form as never);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={m('offerTitle', { name: title })} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okButtonProps={{ disabled: !offer }} okText={m('ok')} width={560} data-testid="offer-dialog" destroyOnHidden>
      {!offer ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ all: offer.all, brandIds: offer.brands.map((b) => b.id), hotelIds: offer.hotels.map((h) => h.id) }}
        >
          <Form.Item name="all" label={m('offerScope')} extra={m('offerHelp')}>
            <Radio.Group
              options={[
                { value: true, label: m('offerAll'), disabled: offer.distribution === 'trial' },
                { value: false, label: m('offerSome') },
              ]}
              data-testid="offer-scope"
            />
          </Form.Item>
          {!all && (
            <>
              <Form.Item name="brandIds" label={m('offerBrands')}>
                <SearchSelect record={records.brand} chosen={offer.brands.map((b) => ({ value: b.id, label: b.title }))} testId="offer-brands" />
              </Form.Item>
              <Form.Item name="hotelIds" label={m('offerHotels')}>
                <SearchSelect record={records.hotel} chosen={offer.hotels.map((h) => ({ value: h.id, label: h.title }))} testId="offer-hotels" />
              </Form.Item>
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}
