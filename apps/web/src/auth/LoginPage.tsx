import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginSchema, translate } from '@htv/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, theme, Typography, type FormRule } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api, ApiError, failureText, showApiError } from '../api/client';
import { getToken, storeSession } from '../api/token';
import { HOME_PATH } from '../app/paths';
import { LangSwitch } from '../layout/LangSwitch';
import { usePageTitle } from '../layout/usePageTitle';
import { useLang } from '../locales';
import { SESSION_KEY } from './session';
import { SliderCaptcha, type SliderCaptchaHandle } from './SliderCaptcha';

interface Credentials {
  email: string;
  password: string;
  captcha: string | null;
}

interface LoginResult {
  token: string;
  user_type: number;
  url?: string;
}

/** Only same-app paths are followed after login (no open redirect). */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : HOME_PATH;
}

/** A rule from the shared login schema: the server's own keys, translated. */
function sharedRule(schema: z.ZodType, lang: ReturnType<typeof useLang>): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translate(result.error.issues[0]!.message, lang));
    },
  };
}

export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const captcha = useRef<SliderCaptchaHandle>(null);
  const { token } = theme.useToken();
  usePageTitle(t('login.title'));

  /** Why the last attempt was refused when no field is to blame: shown at the form, not as a toast. */
  const [failure, setFailure] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: (values: Credentials) => api.post<LoginResult>('/admin/login', values),
    meta: { handlesErrors: true },
    onMutate: () => setFailure(null),
    onError: (error) => {
      // A pass token is single-use: every failed attempt needs a new puzzle, which is no mistake of
      // the user's (setting the value does not validate it, so no "drag the captcha" message).
      form.setFieldValue('captcha', null);
      captcha.current?.reset();
      // Field rules on their fields; wrong credentials, a disabled account and the sign-in throttle
      // (429 "try again in N minutes") at the form, as the server words them.
      const onFields = error instanceof ApiError && error.status === 422 && Object.keys(error.errors ?? {}).length > 0;
      if (onFields) showApiError(error, form, ['email', 'password', 'captcha']);
      else if (error instanceof ApiError && !error.isNetworkError) setFailure(failureText(error));
      else showApiError(error);
    },
    onSuccess: async (data) => {
      // Token and user type (spec §4); the user type picks the user-info path and the route table.
      storeSession(data.token, data.user_type);
      queryClient.removeQueries({ queryKey: SESSION_KEY });
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
  });

  // With a token, login is skipped (spec §2); a stale token is caught by the session check.
  if (getToken() && !login.isPending && !login.isSuccess) return <Navigate to={HOME_PATH} replace />;

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #001529 0%, #1d3b6e 100%)',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <LangSwitch dark />
      </div>
      <div style={{ flex: 1, display: 'grid', placeItems: 'center', padding: 16 }}>
        {/* Drawn as antd's Card draws itself: the component would bring antd's Tabs into the first load. */}
        <div
          style={{
            width: 400,
            maxWidth: '100%',
            boxSizing: 'border-box',
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            color: token.colorText,
          }}
        >
          <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('login.subtitle')}
          </Typography.Paragraph>
          <Form<Credentials>
            form={form}
            layout="vertical"
            onFinish={(values) => login.mutate(values)}
            data-testid="login-form"
            requiredMark={false}
          >
            <Form.Item name="email" label={t('login.email')} rules={[sharedRule(loginSchema.shape.email, lang)]}>
              <Input size="large" prefix={<UserOutlined />} placeholder={t('login.emailPlaceholder')} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[sharedRule(loginSchema.shape.password, lang)]}>
              <Input.Password size="large" prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="captcha" rules={[{ required: true, message: translate('auth.captchaRequired', lang) }]}>
              <SliderCaptcha ref={captcha} />
            </Form.Item>
            {failure && (
              <Typography.Paragraph type="danger" role="alert" data-testid="login-failure" style={{ textAlign: 'center' }}>
                {failure}
              </Typography.Paragraph>
            )}
            <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
              {t('login.submit')}
            </Button>
            <div style={{ marginTop: 12, textAlign: 'center' }}>
              <Link to="/repwd" data-testid="login-forgot">
                {t('login.forgot')}
              </Link>
            </div>
          </Form>
        </div>
      </div>
    </div>
  );
}
