import { ApartmentOutlined, KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canUseRecord } from '../../auth/access';
import { useSession } from '../../auth/session';
import { extendRecord, type RecordRowAction, type RowActionProps } from '../../crud/extensions';
import { lazyPage } from '../../app/lazyPage';

// The dialogs load with their first use, not with the console.
const RolePermissionsModal = lazyPage(() => import('./RolePermissionsModal').then((m) => ({ default: m.RolePermissionsModal })));
const UserProjectsModal = lazyPage(() => import('./UserProjectsModal').then((m) => ({ default: m.UserProjectsModal })));
const ResetLinkModal = lazyPage(() => import('./ResetLinkModal').then((m) => ({ default: m.ResetLinkModal })));

/** Accounts: "Reset link" issues a one-time password reset link to hand to the account holder (docs/auth.md). */
function ResetLinkAction({ row }: RowActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="reset-link-open">
        {t('access.resetLink')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ResetLinkModal userId={row.id} userName={String(row.name ?? row.loginName ?? row.id)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Who sees "Reset link": whoever may update the account (the server checks the tenant), on enabled accounts that are not API auth users. */
const resetLinkAction: RecordRowAction = {
  key: 'resetLink',
  visible: (session, record) => canUseRecord(session.loginInfo, record, 'update'),
  when: (row) => row.enabled !== false && row.isAuthUser !== true,
  Component: ResetLinkAction,
};

/** Roles: "Permissions" opens the role-permission assignment (saving needs `role.update`). */
function RolePermissionsAction({ record, row }: RowActionProps) {
  const { t } = useTranslation();
  const user = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setOpen(true)} data-testid="role-permissions-open">
        {t('access.assignPermissions')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RolePermissionsModal roleId={row.id} roleName={String(row.name ?? row.id)} canEdit={canUseRecord(user, record, 'update')} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Brand and hotel accounts: "Projects" edits the further brands or hotels the user works for. */
function UserProjectsAction({ record, row }: RowActionProps) {
  const { t } = useTranslation();
  const user = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setOpen(true)} data-testid="user-projects-open">
        {t('access.projects')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <UserProjectsModal userId={row.id} userName={String(row.name ?? row.loginName ?? row.id)} canEdit={canUseRecord(user, record, 'update')} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

extendRecord('role', {
  rowActions: [{ key: 'permissions', visible: (session, record) => canUseRecord(session.loginInfo, record, 'read'), Component: RolePermissionsAction }],
});

// Only the platform gives a brand user further brands; the platform and the brand manage hotel users' hotels.
extendRecord('brandAccount', {
  rowActions: [{ key: 'projects', visible: (session, record) => session.loginInfo.user_type === 1 && canUseRecord(session.loginInfo, record, 'read'), Component: UserProjectsAction }, resetLinkAction],
});
extendRecord('hotelAccount', {
  rowActions: [{ key: 'projects', visible: (session, record) => canUseRecord(session.loginInfo, record, 'read'), Component: UserProjectsAction }, resetLinkAction],
});
extendRecord('adminAccount', { rowActions: [resetLinkAction] });
