import { FileExcelOutlined, SearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { Suspense, useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { lazyPage } from '../../app/lazyPage';
import { can, canUseRecord } from '../../auth/access';
import { useSession } from '../../auth/session';
import { recordKeys } from '../../crud/api';
import { extendRecord, type RowActionProps, type ToolbarActionProps } from '../../crud/extensions';
import { deviceApi, deviceKeys, type BatchAction } from './api';
import { useDeviceText } from './locales';

/**
 * Terminal area: row actions and toolbar buttons on the generated terminal and authorization-rule
 * lists (docs/devices.md "Console API"). Dialogs load with their first use.
 */
const dialogs = () => import('./dialogs');
const TerminalDetailDrawer = lazyPage(() => dialogs().then((m) => ({ default: m.TerminalDetailDrawer })));
const DisableTipModal = lazyPage(() => dialogs().then((m) => ({ default: m.DisableTipModal })));
const BatchActionModal = lazyPage(() => dialogs().then((m) => ({ default: m.BatchActionModal })));
const MacSearchModal = lazyPage(() => dialogs().then((m) => ({ default: m.MacSearchModal })));
const ImportListModal = lazyPage(() => dialogs().then((m) => ({ default: m.ImportListModal })));

function DetailAction({ row }: RowActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="terminal-detail-open">
        {d('detail')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TerminalDetailDrawer mac={String(row.mac)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function DisableTipAction({ row }: RowActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  if (row.authorization === 'disabled') return null;
  return (
    <>
      <Button type="link" size="small" danger onClick={() => setOpen(true)} data-testid="terminal-disable-tip">
        {d('disableTip')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DisableTipModal row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function UnbindAction({ row }: RowActionProps) {
  const d = useDeviceText();
  const user = useSession();
  const client = useQueryClient();
  const unbind = useMutation({
    mutationFn: () => deviceApi.unbind(String(row.mac), user.user_type === 3),
    onSuccess: async () => {
      toastSuccess(d('unbound'));
      await Promise.all([client.invalidateQueries({ queryKey: recordKeys.all }), client.invalidateQueries({ queryKey: deviceKeys.all })]);
    },
    onError: (error) => showApiError(error),
  });
  // An unbound terminal (no hotel, unregistered) has nothing to unbind.
  if (row.registered === false) return null;
  return (
    <Popconfirm title={d('unbindConfirm')} onConfirm={() => unbind.mutateAsync().catch(() => undefined)} okButtonProps={{ danger: true }}>
      <Button type="link" size="small" danger loading={unbind.isPending} data-testid="terminal-unbind">
        {d('unbind')}
      </Button>
    </Popconfirm>
  );
}

function BatchToolbarAction(_: ToolbarActionProps) {
  const d = useDeviceText();
  const user = useSession();
  const [open, setOpen] = useState(false);
  const actions = (['authorize', 'disable', 'recover'] as BatchAction[]).filter((a) => can(user, `terminal.${a}`));
  if (!actions.length) return null;
  return (
    <>
      <Button icon={<ThunderboltOutlined />} onClick={() => setOpen(true)} data-testid="terminal-batch-open">
        {d('batch')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BatchActionModal actions={actions} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function MacSearchToolbarAction(_: ToolbarActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SearchOutlined />} onClick={() => setOpen(true)} data-testid="terminal-mac-search-open">
        {d('macSearch')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MacSearchModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function ApplyRuleAction({ row }: RowActionProps) {
  const d = useDeviceText();
  const client = useQueryClient();
  const apply = useMutation({
    mutationFn: () => deviceApi.applyRule(row.id),
    onSuccess: async (result) => {
      toastSuccess(d('applied', { count: result.authorized ?? result.updated ?? 0 }));
      await Promise.all([client.invalidateQueries({ queryKey: recordKeys.all }), client.invalidateQueries({ queryKey: deviceKeys.all })]);
    },
    onError: (error) => showApiError(error),
  });
  return (
    <Popconfirm title={d('applyConfirm')} onConfirm={() => apply.mutateAsync().catch(() => undefined)}>
      <Button type="link" size="small" loading={apply.isPending} data-testid="auth-rule-apply">
        {d('applyNow')}
      </Button>
    </Popconfirm>
  );
}

function ImportListToolbarAction(_: ToolbarActionProps) {
  const d = useDeviceText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FileExcelOutlined />} onClick={() => setOpen(true)} data-testid="auth-rule-import-open">
        {d('importList')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportListModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

extendRecord('terminal', {
  rowActions: [
    { key: 'detail', visible: (s, record) => canUseRecord(s.loginInfo, record, 'read'), Component: DetailAction },
    { key: 'disableTip', visible: (s) => can(s.loginInfo, 'terminal.disable'), Component: DisableTipAction },
    { key: 'unbind', visible: (s) => can(s.loginInfo, 'terminal.update'), Component: UnbindAction },
  ],
  toolbar: [
    { key: 'batch', visible: (s) => ['authorize', 'disable', 'recover'].some((a) => can(s.loginInfo, `terminal.${a}`)), Component: BatchToolbarAction },
    { key: 'macSearch', visible: (s, record) => canUseRecord(s.loginInfo, record, 'read'), Component: MacSearchToolbarAction },
  ],
});

extendRecord('terminalAuthRule', {
  rowActions: [{ key: 'apply', visible: (s) => s.loginInfo.user_type === 1 && can(s.loginInfo, 'terminalAuthRule.update'), Component: ApplyRuleAction }],
  toolbar: [{ key: 'importList', visible: (s, record) => canUseRecord(s.loginInfo, record, 'read'), Component: ImportListToolbarAction }],
});
