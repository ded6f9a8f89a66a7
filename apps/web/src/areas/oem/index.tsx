import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { canUseRecord } from '../../auth/access';
import { extendRecord, type RowActionProps } from '../../crud/extensions';
import { useOemText } from './locales';

/**
 * Manufacturers (docs/tenants.md "OEM"): the manufacturer list's MAC search, which finds the
 * terminals running the manufacturer's launchers. The dialog loads with its first use.
 */
const MacSearchDialog = lazyPage(() => import('./MacSearchDialog').then((module) => ({ default: module.MacSearchDialog })));

function MacSearchAction({ row }: RowActionProps) {
  const m = useOemText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<SearchOutlined />} onClick={() => setOpen(true)} data-testid="oem-mac-search-open">
        {m('macSearch')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MacSearchDialog customer={{ id: row.id, name: String(row.name ?? '') }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

extendRecord('oemCustomer', {
  rowActions: [{ key: 'macSearch', visible: (s, record) => canUseRecord(s.loginInfo, record, 'read'), Component: MacSearchAction }],
});
