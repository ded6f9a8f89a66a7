import { records, translate } from '@htv/shared';
import { MAX_MAC_SEARCH } from '@htv/shared/areas/devices/protocol';
import { Alert, Modal, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLang } from '../../locales';
import { MacSearchPanel } from '../devices/MacSearchPanel';
import { oemApi, type OemTerminal } from './api';
import { useOemText } from './locales';

const PAGE_SIZE = 50;
const fields = records.terminal.fields;
const AUTH_COLORS: Record<string, string> = { authorized: 'green', unauthorized: 'orange', disabled: 'red' };

/**
 * A manufacturer's MAC search: MACs pasted, read from a .txt file (into the box) or from an .xlsx
 * (read by the server), searched among the terminals running the manufacturer's launchers.
 */
export function MacSearchDialog({ customer, onClose }: { customer: { id: number; name: string }; onClose: () => void }) {
  const m = useOemText();
  const lang = useLang();
  const columns: ColumnsType<OemTerminal> = [
    { title: fields.mac.label[lang], dataIndex: 'mac' },
    { title: fields.sn.label[lang], dataIndex: 'sn' },
    { title: fields.launcher.label[lang], dataIndex: 'launcher' },
    { title: m('hotel'), dataIndex: 'hotelName', render: (v: string | null) => v ?? '-' },
    { title: fields.online.label[lang], dataIndex: 'online', render: (v: boolean) => (v ? <Tag color="green">{m('online')}</Tag> : <Tag>{m('offline')}</Tag>) },
    {
      title: fields.authorization.label[lang],
      dataIndex: 'authorization',
      render: (v: string) => <Tag color={AUTH_COLORS[v]}>{fields.authorization.options?.[v]?.[lang] ?? v}</Tag>,
    },
  ];

  return (
    <Modal open title={m('macSearchTitle', { name: customer.name })} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <MacSearchPanel
        search={(macs, page) => oemApi.search(customer.id, macs, page, PAGE_SIZE)}
        searchFile={(file) => oemApi.searchExcel(customer.id, file, PAGE_SIZE)}
        columns={columns}
        txt
        limitText={translate('oem.macSearchLimit', lang, { max: MAX_MAC_SEARCH })}
        intro={m('macSearchHelp')}
        summary={(result) =>
          result.launchers.length ? (
            <Typography.Text type="secondary">{m('launchers', { list: result.launchers.join(', ') })}</Typography.Text>
          ) : (
            <Alert type="warning" showIcon title={m('noLaunchers')} />
          )
        }
        testId="oem-mac"
      />
    </Modal>
  );
}
