import { records } from '@htv/shared';
import { PERMISSIONS } from '@htv/shared/areas/access/permissions';
import { lazyPage } from '../../app/lazyPage';
import { can, canUseRecord } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { overrideRecordPages } from '../../crud/registry';
import { AppReleaseAction, OfferAction, releaseAction } from './actions';

const visible = (session: { loginInfo: Parameters<typeof can>[0] }) => can(session.loginInfo, PERMISSIONS.releasePublish);

extendRecord('otaPackage', { rowActions: [{ key: 'release', visible, Component: releaseAction('ota', (row) => `${String(row.name)} ${String(row.version)}`) }] });
extendRecord('controlUpgrade', { rowActions: [{ key: 'release', visible, Component: releaseAction('control', (row) => String(row.versionName)) }] });
extendRecord('app', {
  rowActions: [
    { key: 'release', visible, when: (row) => !!row.apkFileId, Component: AppReleaseAction },
    {
      key: 'offer',
      visible: (session) => session.loginInfo.user_type === 1 && canUseRecord(session.loginInfo, records.app, 'update'),
      when: (row) => row.hotelId === null && row.brandId === null,
      Component: OfferAction,
    },
  ],
});

// A hotel's app page: its own apps beside the platform's offered to it (read-only).
overrideRecordPages('app', { List: lazyPage(() => import('./AppsPage')) });
