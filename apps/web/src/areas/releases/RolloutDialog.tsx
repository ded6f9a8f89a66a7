import { records } from '@htv/shared';
import { DISTRIBUTIONS, INSTALL_TYPES, TARGET_KINDS, type ReleaseKind, type RolloutCreate } from '@htv/shared/areas/releases/index';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { useSession } from '../../auth/session';
import { recordApi } from '../../crud/api';
import { useLang } from '../../locales';
import { releaseApi } from './api';
import { useReleaseText } from './locales';

interface Values {
  name: string;
  target: RolloutCreate['target'];
  hotelIds?: number[];
  brandIds?: string;
  macs?: string;
  tags?: string;
  models?: string;
  distribution: 'official' | 'trial';
  installType: 'soft' | 'forced' | 'downloadOnly';
  waves: string;
  successThreshold: number;
  errorThreshold: number;
  maxRetries: number;
  window?: string;
  start: boolean;
}

const list = (text: string | undefined) => (text ?? '').split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean);

export const rolloutPath = (id: number) => `/releases/rollout/${id}`;

/**
 * Releases a package (firmware, control package or app) to its targets in waves: the form of
 * `POST /api/releases/rollouts`. The platform may target all, brands, hotels or MACs; a hotel itself
 * or its MACs. Opens the rollout's page once created.
 */
export function RolloutDialog({ kind, packageId, title, onClose }: { kind: ReleaseKind; packageId: number; title: string; onClose: () => void }) {
  const m = useReleaseText();
  const lang = useLang();
  const user = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const platform = user.user_type === 1;
  const target = Form.useWatch('target', form) ?? (platform ? 'all' : 'hotel');
  // Only a soft install keeps a window (forced ones install at once, download-only ones download any time).
  const installType = Form.useWatch('installType', form) ?? 'soft';
  const hotels = useQuery({ queryKey: ['releases', 'hotel-options'], queryFn: ({ signal }) => recordApi.options(records.hotel, '', undefined, signal), enabled: target === 'hotel' });
  const targets = Object.entries(TARGET_KINDS).filter(([key]) => platform || key === 'hotel' || key === 'terminal');

  const submit = async () => {
    const v = await form.validateFields();
    const [windowStart, windowEnd] = v.window && v.installType === 'soft' ? v.window.split('-').map((s) => s.trim()) : [null, null];
    const body: RolloutCreate = {
      kind,
      packageId,
      name: v.name,
      target: v.target,
      hotelIds: v.target === 'hotel' ? (v.hotelIds ?? (user.hotel_id ? [user.hotel_id] : [])) : [],
      brandIds: v.target === 'brand' ? list(v.brandIds).map(Number) : [],
      macs: v.target === 'terminal' ? list(v.macs) : [],
      tags: list(v.tags),
      models: list(v.models),
      distribution: v.distribution,
      installType: v.installType,
      waves: list(v.waves).map((share) => ({ share: Number(share) })),
      successThreshold: v.successThreshold,
      errorThreshold: v.errorThreshold,
      maxRetries: v.maxRetries,
      windowStart: windowStart ?? null,
      windowEnd: windowEnd ?? null,
      start: v.start,
    };
    setSaving(true);
    try {
      const created = await releaseApi.create(body);
      toastSuccess(m('created', { total: created.total }));
      onClose();
      navigate(rolloutPath(created.id));
    } catch (error) {
      showApiError(error, form as never);
    } finally {
      setSaving(false);
    }
  };

  const options = (table: Record<string, Record<string, string>>) => Object.entries(table).map(([value, text]) => ({ value, label: text[lang] }));
  return (
    <Modal open title={m('publishTitle', { name: title })} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText={m('ok')} width={640} data-testid="rollout-dialog" destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: title.slice(0, 50), target: platform ? 'all' : 'hotel', distribution: 'official', installType: 'soft', waves: '100', successThreshold: 50, errorThreshold: 50, maxRetries: 2, start: true }}
      >
        <Form.Item name="name" label={m('rolloutName')} rules={[{ required: true, max: 50 }]}>
          <Input data-testid="rollout-name" />
        </Form.Item>
        <Form.Item name="target" label={m('target')}>
          <Select options={targets.map(([value, text]) => ({ value, label: text[lang] }))} data-testid="rollout-target" />
        </Form.Item>
        {target === 'hotel' && platform && (
          <Form.Item name="hotelIds" label={m('hotels')} rules={[{ required: true }]}>
            <Select mode="multiple" optionFilterProp="label" options={hotels.data ?? []} data-testid="rollout-hotels" />
          </Form.Item>
        )}
        {target === 'brand' && (
          <Form.Item name="brandIds" label={m('brands')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
        )}
        {target === 'terminal' && (
          <Form.Item name="macs" label={m('macs')} extra={m('macsHelp')} rules={[{ required: true }]}>
            <Input.TextArea rows={3} data-testid="rollout-macs" />
          </Form.Item>
        )}
        <Form.Item name="tags" label={m('tags')} extra={m('listHelp')}>
          <Input />
        </Form.Item>
        <Form.Item name="models" label={m('models')} extra={m('listHelp')}>
          <Input />
        </Form.Item>
        <Form.Item name="distribution" label={m('distribution')}>
          <Select options={options(DISTRIBUTIONS)} data-testid="rollout-distribution" />
        </Form.Item>
        <Form.Item name="installType" label={m('installType')}>
          <Select options={options(INSTALL_TYPES)} />
        </Form.Item>
        <Form.Item name="waves" label={m('waves')} extra={m('wavesHelp')} rules={[{ required: true, pattern: /^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/ }]}>
          <Input data-testid="rollout-waves" />
        </Form.Item>
        <Form.Item name="successThreshold" label={m('successThreshold')}>
          <InputNumber min={1} max={100} />
        </Form.Item>
        <Form.Item name="errorThreshold" label={m('errorThreshold')}>
          <InputNumber min={1} max={100} data-testid="rollout-error-threshold" />
        </Form.Item>
        <Form.Item name="maxRetries" label={m('maxRetries')}>
          <InputNumber min={0} max={5} data-testid="rollout-retries" />
        </Form.Item>
        {installType === 'soft' && (
          <Form.Item name="window" label={m('window')} extra={m('windowHelp')} rules={[{ pattern: /^\s*\d{2}:\d{2}\s*-\s*\d{2}:\d{2}\s*$/ }]}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="start" label={m('startNow')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
