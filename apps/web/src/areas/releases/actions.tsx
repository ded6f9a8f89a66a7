import { CloudUploadOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { ReleaseKind } from '@htv/shared/areas/releases/index';
import { Button } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyPage } from '../../app/lazyPage';
import type { RowActionProps } from '../../crud/extensions';
import { useReleaseText } from './locales';

const RolloutDialog = lazyPage(() => import('./RolloutDialog').then((m) => ({ default: m.RolloutDialog })));
const OfferDialog = lazyPage(() => import('./OfferDialog').then((m) => ({ default: m.OfferDialog })));

type ActionRow = Pick<RowActionProps['row'], 'id'> & Record<string, unknown>;

/** A row's link button opening a dialog (its code loaded on first use). */
function DialogButton({ icon, label, testId, dialog }: { icon: ReactNode; label: string; testId: string; dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={icon} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      {open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  );
}

/** "Release" on a package row: opens the rollout form for it. */
export function releaseAction(kind: ReleaseKind, title: (row: ActionRow) => string) {
  return function ReleaseAction({ row }: { row: ActionRow }) {
    const m = useReleaseText();
    return (
      <DialogButton
        icon={<CloudUploadOutlined />}
        label={m('publish')}
        testId="release-open"
        dialog={(close) => <RolloutDialog kind={kind} packageId={row.id} title={title(row)} onClose={close} />}
      />
    );
  };
}

/** An app's name and version, as a rollout of it is first named. */
const appTitle = (row: ActionRow) => `${String(row.name)} ${String(row.versionName ?? '')}`;

/** "Release" on an app's row. */
export const AppReleaseAction = releaseAction('app', appTitle);

/** "Offer to hotels" on a platform app's row: where hotels see it (every hotel, or brands and hotels). */
export function OfferAction({ row }: { row: ActionRow }) {
  const m = useReleaseText();
  return (
    <DialogButton icon={<ShareAltOutlined />} label={m('offer')} testId="offer-open" dialog={(close) => <OfferDialog appId={row.id} title={String(row.name)} onClose={close} />} />
  );
}
