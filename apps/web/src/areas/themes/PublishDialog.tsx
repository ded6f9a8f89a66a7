import type { ThemeDocument } from '@htv/shared/areas/themes/index';
import { ThemeStage } from '@htv/renderer';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, Modal, Row, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { showApiError } from '../../api/client';
import { themeApi, type ThemeItem } from './api';
import { useThemeText } from './locales';
import { useThemeAssets } from './useThemeAssets';

/** A document drawn small, as the TVs draw it, without the remote. */
function Thumbnail({ document: doc, title, testId }: { document: ThemeDocument | undefined; title: string; testId: string }) {
  const assets = useThemeAssets(doc);
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ marginTop: 4, aspectRatio: doc?.theme.orientation === 'portrait' ? '9 / 16' : '16 / 9', maxHeight: 420, background: '#000', position: 'relative', borderRadius: 4, overflow: 'hidden' }}>
        {doc && assets.data ? <ThemeStage document={doc} assets={assets.data} lang={doc.theme.languages[0]!} /> : <Skeleton.Node active style={{ width: '100%', height: '100%' }} />}
      </div>
    </div>
  );
}

/**
 * Publishing a template. When TVs show it now, the dialog says first where it goes live ("shown on 71
 * TVs in 1 hotel") and puts the version they show beside the draft that will replace it.
 */
export function PublishDialog({ theme, onClose, onPublished }: { theme: ThemeItem; onClose: () => void; onPublished: () => void }) {
  const m = useThemeText();
  const [form] = Form.useForm<{ publishAt?: Dayjs }>();
  const audience = useQuery({ queryKey: ['themes', 'audience', theme.id], queryFn: ({ signal }) => themeApi.audience(theme.id, signal) });
  const live = audience.data && audience.data.terminals > 0 ? audience.data.liveVersion : null;
  const draft = useQuery({ queryKey: ['themes', 'document', theme.id], queryFn: ({ signal }) => themeApi.get(theme.id, signal), enabled: !!live });
  const shown = useQuery({ queryKey: ['themes', 'version', live?.id], queryFn: ({ signal }) => themeApi.version(live!.id, signal), enabled: !!live });

  const count = (n: number, one: 'tvOne' | 'hotelOne', many: 'tvs' | 'hotelCount') => (n === 1 ? m(one) : m(many, { n }));

  const publish = async () => {
    const { publishAt } = await form.validateFields();
    try {
      await themeApi.publish(theme.id, publishAt?.toISOString());
      onPublished();
    } catch (error) {
      showApiError(error, form, ['publishAt']);
    }
  };

  return (
    <Modal
      open
      width={live ? 960 : 520}
      title={`${m('publish')} · ${theme.name}`}
      onOk={publish}
      onCancel={onClose}
      okText={live ? m('publishLive') : m('ok')}
      okButtonProps={{ disabled: audience.isPending, danger: !!live }}
      cancelText={m('cancel')}
      destroyOnHidden
    >
      {audience.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {live && audience.data && (
        <>
          <Alert type="warning" showIcon data-testid="publish-audience" style={{ marginBottom: 16 }} message={m('liveOn', { terminals: count(audience.data.terminals, 'tvOne', 'tvs'), hotels: count(audience.data.hotels, 'hotelOne', 'hotelCount') })} />
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={12}>
              <Thumbnail document={shown.data?.document} title={m('liveNow', { number: live.number })} testId="publish-live" />
            </Col>
            <Col span={12}>
              <Thumbnail document={draft.data?.document} title={m('previewDraft')} testId="publish-draft" />
            </Col>
          </Row>
        </>
      )}
      <Form form={form} layout="vertical">
        <Form.Item name="publishAt" label={m('publishAt')}>
          <DatePicker showTime />
        </Form.Item>
      </Form>
    </Modal>
  );
}
