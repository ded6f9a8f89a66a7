import { useMutation } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showApiError } from '../../api/client';

interface ResetLink {
  url: string;
  expires_at: string;
  login_name: string;
}

/**
 * Issues a one-time password reset link for an account (`POST /api/access/users/:id/reset-link`,
 * docs/auth.md "Forgotten passwords") and shows it to hand over; a new link ends the previous one.
 */
export function ResetLinkModal({ userId, userName, onClose }: { userId: number; userName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const issue = useMutation({ mutationFn: () => api.post<ResetLink>(`/access/users/${userId}/reset-link`), onError: (error) => (showApiError(error), onClose()) });
  useEffect(() => issue.mutate(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const link = issue.data;
  return (
    <Modal open title={t('access.resetLinkOf', { name: userName })} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>} data-testid="reset-link-modal">
      <Typography.Paragraph type="secondary">{t('access.resetLinkHint')}</Typography.Paragraph>
      {link && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea readOnly autoSize value={link.url} data-testid="reset-link-url" />
          <Typography.Text type="secondary">{t('access.resetLinkExpires', { time: new Date(link.expires_at).toLocaleString() })}</Typography.Text>
          <Button onClick={() => void navigator.clipboard?.writeText(link.url).then(() => setCopied(true))}>{copied ? t('access.resetLinkCopied') : t('access.resetLinkCopy')}</Button>
        </Space>
      )}
    </Modal>
  );
}
