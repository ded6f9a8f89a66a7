import { records } from '@htv/shared';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Select, Spin, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { api, request, send, showApiError } from '../../api/client';
import { getToken } from '../../api/token';
import { useLang, useTexts } from '../../locales';
import { FEEDBACK_TEXTS } from './locales';

const MAX_BYTES = 3 * 1024 * 1024;

interface Values {
  type: string;
  description: string;
  suggestion?: string;
  contact?: string;
}

/**
 * /fb/index (public, docs/feedback.md): a guest's form when the TV's QR code brought a `token`, else a
 * signed-in brand or hotel user's form (the header's feedback link). Pictures upload one by one and
 * are checked again by the server by content.
 */
export default function FeedbackPage() {
  const m = useTexts(FEEDBACK_TEXTS);
  const lang = useLang();
  const token = new URLSearchParams(window.location.search).get('token');
  const guest = useQuery({ queryKey: ['feedbackGuest', token], queryFn: ({ signal }) => api.get<{ hotel: string; roomNumber: string | null }>('/fb/guest', { token }, signal), enabled: !!token, retry: false });
  const [form] = Form.useForm<Values>();
  const [pictures, setPictures] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const type = records.feedback.fields.type;

  // A guest reaches the form through the TV's QR code (it carries the token); staff are signed in.
  // Nobody else is sent anywhere: a guest is told where the code is, never pointed to the staff login.
  if (!token && !getToken()) return <Result status="info" title={m('title')} subTitle={m('scanTv')} data-testid="feedback-scan-tv" />;
  if (token && guest.isError) return <Result status="warning" title={(guest.error as Error).message} subTitle={m('scanTv')} data-testid="feedback-bad-token" />;
  if (token && !guest.data) return <Spin fullscreen />;

  const uploadUrl = token ? `/fb/guest/images` : '/files';
  const uploadQuery = token ? { token } : { rule: 'feedbackImage' };
  const submit = async (values: Values) => {
    setSending(true);
    try {
      const images = pictures.map((p) => (p.response as { id: string } | undefined)?.id).filter((id): id is string => !!id);
      const body = { ...values, images };
      if (token) await request('POST', '/fb/guest', { query: { token }, body });
      else await api.post('/fb', body);
      setSent(true);
      form.resetFields();
      setPictures([]);
    } catch (error) {
      showApiError(error, form, ['type', 'description', 'suggestion', 'contact']);
    } finally {
      setSending(false);
    }
  };

  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <Card title={m('title')} data-testid="feedback-page">
        {guest.data && <Alert type="info" style={{ marginBottom: 16 }} message={m('guestHint', { hotel: guest.data.hotel, room: guest.data.roomNumber ?? '' })} data-testid="feedback-place" />}
        {sent ? (
          <Result status="success" title={m('sent')} extra={<Button onClick={() => setSent(false)}>{m('another')}</Button>} data-testid="feedback-sent" />
        ) : (
          <Form form={form} layout="vertical" initialValues={{ type: 'question' }} onFinish={(values) => void submit(values)}>
            <Form.Item name="type" label={m('type')}>
              <Select options={Object.entries(type.options!).map(([value, text]) => ({ value, label: text[lang] }))} data-testid="feedback-type" />
            </Form.Item>
            <Form.Item name="description" label={m('description')} rules={[{ required: true, whitespace: true, message: m('descriptionRequired') }]}>
              <Input.TextArea rows={4} maxLength={500} showCount data-testid="feedback-description" />
            </Form.Item>
            <Form.Item name="suggestion" label={m('suggestion')}>
              <Input.TextArea rows={3} maxLength={500} data-testid="feedback-suggestion" />
            </Form.Item>
            <Form.Item label={m('images')}>
              <Upload
                listType="picture-card"
                accept="image/jpeg,image/png"
                maxCount={3}
                fileList={pictures}
                onChange={({ fileList }) => setPictures(fileList)}
                beforeUpload={(file) => (['image/jpeg', 'image/png'].includes(file.type) && file.size <= MAX_BYTES) || (showApiError(new Error(m('imageRule'))), Upload.LIST_IGNORE)}
                customRequest={({ file, onSuccess, onError }) => {
                  const body = new FormData();
                  body.append('file', file as Blob);
                  send('POST', uploadUrl, { query: uploadQuery, body })
                    .then(async (response) => onSuccess?.(((await response.json()) as { data: unknown }).data))
                    .catch((error: Error) => {
                      showApiError(error);
                      onError?.(error);
                    });
                }}
                data-testid="feedback-images"
              >
                {pictures.length < 3 && <PlusOutlined />}
              </Upload>
            </Form.Item>
            <Form.Item name="contact" label={m('contact')}>
              <Input maxLength={50} data-testid="feedback-contact" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={sending} block data-testid="feedback-submit">
              {m('submit')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
