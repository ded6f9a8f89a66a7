import { changePasswordSchema, translate, type ChangePasswordInput, type UserType } from '@htv/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { useLogout, useSession } from '../../auth/session';
import { useLang, type Lang } from '../../locales';

/** Change-password paths by user type, spelled as the spec gives them (§7). */
export const PASSWORD_PATHS: Record<UserType, string> = {
  1: '/admin/passowrd/change',
  2: '/web/customer/passowrd/change',
  3: '/web/hotel/passowrd/change',
};

const FIELDS = ['old_pass', 'password', 'password_confirmation'] as const;

/** A rule from the shared schema: the same keys as the server, translated. */
function sharedRule(schema: z.ZodType, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translate(result.error.issues[0]!.message, lang));
    },
  };
}

/**
 * The change-password dialog of the user menu (spec §5): old and new password required, the new one
 * in the password format, the confirmation non-empty, at least 5 characters and equal to the new
 * one; the server's field messages land on the fields. `required`: the password must be changed
 * before anything else (a first administrator's): the dialog cannot be dismissed, only left by
 * logging out.
 */
export function ChangePasswordModal({ open, onClose, required = false }: { open: boolean; onClose: () => void; required?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const logout = useLogout();
  const [form] = Form.useForm<ChangePasswordInput>();
  const shape = changePasswordSchema.shape;

  const save = useMutation({
    mutationFn: (values: ChangePasswordInput) => api.post<null>(PASSWORD_PATHS[user.user_type], values),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, FIELDS),
    onSuccess: () => {
      toastSuccess(t('password.saved'));
      form.resetFields();
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={required ? t('password.requiredTitle') : t('password.title')}
      onCancel={required ? () => void logout() : onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={required ? t('header.logout') : t('common.cancel')}
      closable={!required}
      keyboard={!required}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
      okButtonProps={{ 'data-testid': 'password-submit' } as Record<string, string>}
    >
      {required && <Alert type="warning" showIcon title={t('password.requiredNotice')} style={{ marginTop: 12 }} data-testid="password-required" />}
      <Form<ChangePasswordInput> form={form} layout="vertical" onFinish={(values) => save.mutate(values)} data-testid="password-form" requiredMark style={{ marginTop: 16 }}>
        <Form.Item name="old_pass" label={t('password.old')} required rules={[sharedRule(shape.old_pass, lang)]}>
          <Input.Password autoComplete="current-password" placeholder={t('password.oldPlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('password.new')} required rules={[sharedRule(shape.password, lang)]}>
          <Input.Password autoComplete="new-password" placeholder={t('password.newPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('password.confirm')}
          required
          dependencies={['password']}
          rules={[
            sharedRule(shape.password_confirmation, lang),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && String(value).length >= 5 && value !== getFieldValue('password')) throw new Error(translate('auth.confirmMismatch', lang));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('password.confirmPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
