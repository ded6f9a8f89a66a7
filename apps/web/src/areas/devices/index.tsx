import { CheckSquareOutlined, DownOutlined, SearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Popconfirm } from 'antd';
import { Suspense, useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { lazyPage } from '../../app/lazyPage';
import { can, canUseRecord, type LoginInfo } from '../../auth/access';
import { useSession } from '../../auth/session';
import { recordKeys, type Row } from '../../crud/api';
import { extendRecord, type FieldAddonProps, type RowActionProps, type ToolbarActionProps } from '../../crud/extensions';
import { deviceApi, deviceKeys, type BatchAction } from './api';
import { InstallCodeRowAction, InstallCodeToolbarAction } from './InstallCode';
import { useDeviceText } from './locales';
import '../tvauth/index';

/**
 * Terminal area: row actions, toolbar buttons and form addons on the generated terminal and
 * authorization-rule pages (docs/devices.md "Console API"). Dialogs load with their first use.
 */
const dialogs = () => import('./dialogs');
const TerminalDetailDrawer = lazyPage(() => dialogs().then((m) => ({ default: m.TerminalDetailDrawer })));
const AuthorizationModal = lazyPage(() => dialogs().then((m) => ({ default: m.AuthorizationModal })));
const BatchActionModal = lazyPage(() => dialogs().then((m) => ({ default: m.BatchActionModal })));
const MacSearchModal = lazyPage(() => dialogs().then((m) => ({ default: m.MacSearchModal })));
const ExcelListImport = lazyPage(() => dialogs().then((m) => ({ default: m.ExcelListImport })));

const BATCH_ACTIONS: BatchAction[] = ['authorize', 'disable', 'recover'];

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
  return (
    <>
      <Button type="link" size="small" danger onClick={() => setOpen(true)} data-testid="terminal-disable-tip">
        {d('disableTip')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AuthorizationModal action="disable" rows={[row]} onClose={() => setOpen(false)} />
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
  const actions = BATCH_ACTIONS.filter((a) => can(user, `terminal.${a}`));
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

/** Authorize / disable / recover the checked terminals; an action none of them can take is greyed out. */
function SelectedBatchAction({ record, selected, clearSelection }: ToolbarActionProps) {
  const d = useDeviceText();
  const user = useSession();
  const [running, setRunning] = useState<{ action: BatchAction; rows: Row[] }>();
  const states = record.states;
  const applies = (action: BatchAction) => !!states && selected.some((row) => states.actions[action]?.from.includes(String(row[states.field])));
  const items = BATCH_ACTIONS.filter((a) => can(user, `terminal.${a}`)).map((a) => ({ key: a, label: d(a), danger: a === 'disable', disabled: !applies(a) }));
  return (
    <>
      <Dropdown
        disabled={selected.length === 0}
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => setRunning({ action: key as BatchAction, rows: selected }) }}
      >
        <Button icon={<CheckSquareOutlined />} data-testid="terminal-selected-batch">
          {d('selectedBatch')}
          {selected.length > 0 ? ` (${selected.length})` : ''}
          <DownOutlined />
        </Button>
      </Dropdown>
      {running && (
        <Suspense fallback={null}>
          <AuthorizationModal action={running.action} rows={running.rows} onDone={clearSelection} onClose={() => setRunning(undefined)} />
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

/** "Import from Excel" under a rule's MAC or SN list. */
function ListImportAddon(props: FieldAddonProps & { kind: 'mac' | 'sn' }) {
  return (
    <Suspense fallback={null}>
      <ExcelListImport {...props} />
    </Suspense>
  );
}
const MacListImport = (props: FieldAddonProps) => <ListImportAddon {...props} kind="mac" />;
const SnListImport = (props: FieldAddonProps) => <ListImportAddon {...props} kind="sn" />;

const canBatch = (user: LoginInfo) => BATCH_ACTIONS.some((a) => can(user, `terminal.${a}`));

extendRecord('terminal', {
  rowActions: [
    { key: 'detail', visible: (s, record) => canUseRecord(s.loginInfo, record, 'read'), Component: DetailAction },
    // A disabled TV shows a tip, so the generic Disable (default tip only) would be a weaker duplicate.
    { key: 'disableTip', visible: (s) => can(s.loginInfo, 'terminal.disable'), replaces: ['disable'], when: (row) => row.authorization !== 'disabled', Component: DisableTipAction },
    // An unbound terminal (no hotel, unregistered) has nothing to unbind.
    { key: 'unbind', visible: (s) => can(s.loginInfo, 'terminal.update'), when: (row) => row.registered !== false, Component: UnbindAction },
  ],
  toolbar: [
    { key: 'selectedBatch', visible: (s) => canBatch(s.loginInfo), selection: true, Component: SelectedBatchAction },
    { key: 'batch', visible: (s) => canBatch(s.loginInfo), Component: BatchToolbarAction },
    { key: 'macSearch', visible: (s, record) => canUseRecord(s.loginInfo, record, 'read'), Component: MacSearchToolbarAction },
    { key: 'installCode', visible: (s) => s.loginInfo.user_type === 3 && can(s.loginInfo, 'terminal.read'), Component: InstallCodeToolbarAction },
  ],
});

// Platform and brand users find each hotel's install code in the hotel list.
extendRecord('hotel', {
  rowActions: [{ key: 'installCode', visible: (s) => s.loginInfo.user_type !== 3 && can(s.loginInfo, 'terminal.read'), Component: InstallCodeRowAction }],
});

extendRecord('terminalAuthRule', {
  rowActions: [{ key: 'apply', visible: (s) => s.loginInfo.user_type === 1 && can(s.loginInfo, 'terminalAuthRule.update'), Component: ApplyRuleAction }],
  fieldAddons: [
    { field: 'macList', Component: MacListImport },
    { field: 'snList', Component: SnListImport },
  ],
});
