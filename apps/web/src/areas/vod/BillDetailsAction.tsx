import { FULL_SHARE_BP, type VodBillLine } from '@htv/shared/areas/vod/bills';
import { formatMinor } from '@htv/shared/areas/shop/device';
import { Button, Descriptions, Modal, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { RowActionProps } from '../../crud/extensions';
import { useLang, useTexts } from '../../locales';
import { VOD_BILL_STAGES } from '@htv/shared/areas/vod/records';
import { VOD_TEXTS } from './locales';

const percent = (bp: number) => `${formatMinor(bp).replace(/\.?0+$/, '')}%`;
const when = (value: unknown) => (value ? dayjs(String(value)).format('YYYY-MM-DD HH:mm') : null);

/** A split bill's lines (each party, its bank account, share and amount; the platform's rest) and its stage records. */
export function BillDetailsAction({ row }: RowActionProps) {
  const m = useTexts(VOD_TEXTS);
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const lines = (row.lines as VodBillLine[] | null) ?? [];
  const platformBp = FULL_SHARE_BP - lines.reduce((sum, line) => sum + line.bp, 0);
  const data = [
    ...lines.map((line, index) => ({ key: String(index), party: line.name, bank: line.bankName ?? '', account: line.bankAccount ?? '', bp: line.bp, amount: line.amountMinor })),
    { key: 'platform', party: m('platform'), bank: '', account: '', bp: platformBp, amount: Number(row.platformMinor ?? 0) },
  ];
  const stage = (by: unknown, at: unknown) => (at ? `${String(by ?? '')} · ${when(at)}` : m('notYet'));
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="vod-bill-details">
        {m('details')}
      </Button>
      {open && (
        <Modal open width={760} title={m('detailsTitle', { name: String(row.name ?? '') })} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
          <Table
            size="small"
            pagination={false}
            dataSource={data}
            columns={[
              { title: m('party'), dataIndex: 'party' },
              { title: m('bank'), dataIndex: 'bank' },
              { title: m('bankAccount'), dataIndex: 'account' },
              { title: m('share'), dataIndex: 'bp', align: 'right', render: (bp: number) => percent(bp) },
              { title: m('amount'), dataIndex: 'amount', align: 'right', render: (minor: number) => formatMinor(minor) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4}>
                  {m('total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span data-testid="vod-bill-total">{formatMinor(Number(row.totalMinor ?? 0))}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Descriptions size="small" column={1} title={m('history')} style={{ marginTop: 16 }}>
            <Descriptions.Item label={VOD_BILL_STAGES.budget[lang]}>{when(row.computedAt) ?? m('notYet')}</Descriptions.Item>
            <Descriptions.Item label={VOD_BILL_STAGES.settlement[lang]}>{stage(row.settledBy, row.settledAt)}</Descriptions.Item>
            <Descriptions.Item label={VOD_BILL_STAGES.reconciled[lang]}>{stage(row.reconciledBy, row.reconciledAt)}</Descriptions.Item>
            <Descriptions.Item label={VOD_BILL_STAGES.transferred[lang]}>{stage(row.transferredBy, row.transferredAt)}</Descriptions.Item>
          </Descriptions>
        </Modal>
      )}
    </>
  );
}
