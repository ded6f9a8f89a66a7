import { CloudUploadOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@htv/shared/areas/access/permissions';
import type { ReleaseKind } from '@htv/shared/areas/releases/index';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { can } from '../../auth/access';
import { extendRecord, type RowActionProps } from '../../crud/extensions';
import { useReleaseText } from './locales';

const RolloutDialog = lazyPage(() => import('./RolloutDialog').then((m) => ({ default: m.RolloutDialog })));

/** "Release" on a package row: opens the rollout form for it. */
function releaseAction(kind: ReleaseKind, title: (row: RowActionProps['row']) => string) {
  return function ReleaseAction({ row }: RowActionProps) {
    const m = useReleaseText();
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button type="link" size="small" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid="release-open">
          {m('publish')}
        </Button>
        {open && (
          <Suspense fallback={null}>
            <RolloutDialog kind={kind} packageId={row.id} title={title(row)} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </>
    );
  };
}

const visible = (session: { loginInfo: Parameters<typeof can>[0] }) => can(session.loginInfo, PERMISSIONS.releasePublish);

extendRecord('otaPackage', { rowActions: [{ key: 'release', visible, Component: releaseAction('ota', (row) => `${String(row.name)} ${String(row.version)}`) }] });
extendRecord('controlUpgrade', { rowActions: [{ key: 'release', visible, Component: releaseAction('control', (row) => String(row.versionName)) }] });
extendRecord('app', {
  rowActions: [{ key: 'release', visible, when: (row) => !!row.apkFileId, Component: releaseAction('app', (row) => `${String(row.name)} ${String(row.versionName ?? '')}`) }],
});
