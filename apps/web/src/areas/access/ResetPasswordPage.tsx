import { resetPasswordSchema, translate } from '@htv/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Spin, theme, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { LangSwitch } from '../../layout/LangSwitch';
import { usePageTitle } from '../../layout/usePageTitle';
import { useLang } from '../../locales';
import { guestCall, refusalText } from '../phone/guestApi';

/** A rule from the shared reset schema: the server's own keys, translated. */
function sharedRule(schema: z.ZodType, lang: ReturnType<typeof useLang>): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translate(result.error.issues[0]!.message, lang));
    },
  };
}

interface NewPassword {
  password: string;
  password_confirmation: string;
}

/**
 * /repwd (public, docs/auth.md "Forgotten passwords"). With `?token=` (a link an administrator issued):
 * the account's login name and the new password twice; the link is spent and every session of the
 * account ends. Without: the request form, which tells the account's administrators and answers the
 * same whether the account exists or not. Calls never carry the console's session.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { token: colors } = theme.useToken();
  const [params] = useSearchParams();
  const token = params.get('token');
  usePageTitle(t(token ? 'repwd.title' : 'repwd.askTitle'));
  const [form] = Form.useForm<NewPassword>();
  const [askForm] = Form.useForm<{ login: string }>();
  const [done, setDone] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const account = useQuery({
    queryKey: ['repwd', token],
    queryFn: () => guestCall<{ login_name: string }>('GET', '/auth/password-reset', { query: { token } }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });

  const refused = (error: unknown, target: typeof form | typeof askForm) => {
    if (error instanceof ApiError && error.errors) {
      const fields = Object.entries(error.errors).filter(([name]) => name !== 'token');
      if (fields.length) {
        (target as typeof form).setFields(fields.map(([name, messages]) => ({ name: name as keyof NewPassword, errors: Array.isArray(messages) ? messages : [messages ?? ''] })));
        return;
      }
    }
    setFailure(refusalText(error));
  };
  const reset = (values: NewPassword) => {
    setFailure(null);
    setBusy(true);
    guestCall('POST', '/auth/password-reset', { body: { token, ...values } })
      .then(() => setDone(true), (error: unknown) => refused(error, form))
      .finally(() => setBusy(false));
  };
  const ask = (values: { login: string }) => {
    setFailure(null);
    setBusy(true);
    guestCall<{ message: string }>('POST', '/auth/password-reset/request', { body: values })
      .then((reply) => setAnswer(reply.message), (error: unknown) => refused(error, askForm))
      .finally(() => setBusy(false));
  };

  let body;
  if (done) {
    body = <Result status="success" title={t('repwd.done')} extra={<Link to="/login">{t('repwd.toLogin')}</Link>} data-testid="repwd-done" />;
  } else if (token && account.isLoading) {
    body = <Spin />;
  } else if (token && account.error) {
    body = <Result status="warning" title={t('repwd.invalid')} subTitle={refusalText(account.error)} extra={<Link to="/repwd">{t('repwd.askTitle')}</Link>} data-testid="repwd-invalid" />;
  } else if (token && account.data) {
    body = (
      <Form<NewPassword> form={form} layout="vertical" requiredMark={false} onFinish={reset} data-testid="repwd-form">
        <Typography.Paragraph data-testid="repwd-account">{t('repwd.account', { name: account.data.login_name })}</Typography.Paragraph>
        <Form.Item name="password" label={t('repwd.password')} rules={[sharedRule(resetPasswordSchema.shape.password, lang)]}>
          <Input.Password size="large" autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('repwd.confirm')}
          dependencies={['password']}
          rules={[
            sharedRule(resetPasswordSchema.shape.password_confirmation, lang),
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('password')) throw new Error(translate('auth.confirmMismatch', lang));
              },
            }),
          ]}
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        {failure && <Alert type="error" message={failure} style={{ marginBottom: 16 }} data-testid="repwd-failure" />}
        <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid="repwd-submit">
          {t('repwd.submit')}
        </Button>
      </Form>
    );
  } else {
    body = answer ? (
      <Result status="info" title={answer} extra={<Link to="/login">{t('repwd.toLogin')}</Link>} data-testid="repwd-asked" />
    ) : (
      <Form<{ login: string }> form={askForm} layout="vertical" requiredMark={false} onFinish={ask} data-testid="repwd-ask">
        <Typography.Paragraph type="secondary">{t('repwd.askHint')}</Typography.Paragraph>
        <Form.Item name="login" label={t('repwd.login')} rules={[{ required: true, whitespace: true, message: translate('auth.loginNameRequired', lang) }]}>
          <Input size="large" maxLength={100} autoComplete="username" autoFocus />
        </Form.Item>
        {failure && <Alert type="error" message={failure} style={{ marginBottom: 16 }} data-testid="repwd-failure" />}
        <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid="repwd-ask-submit">
          {t('repwd.ask')}
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t('repwd.toLogin')}</Link>
        </div>
      </Form>
    );
  }
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: colors.colorBgLayout, padding: 16 }}>
      <div style={{ position: 'fixed', top: 16, right: 16 }}>
        <LangSwitch />
      </div>
      <div style={{ width: 420, maxWidth: '100%', padding: colors.paddingLG, background: colors.colorBgContainer, borderRadius: colors.borderRadiusLG, border: `1px solid ${colors.colorBorderSecondary}` }}>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
          {t(token ? 'repwd.title' : 'repwd.askTitle')}
        </Typography.Title>
        {body}
      </div>
    </div>
  );
}
