import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { can } from '../../auth/access';
import type { RowActionProps } from '../../crud/extensions';
import { extendRecord } from '../../crud/extensions';
import { useTexts } from '../../locales';

/** Batch installation (docs/batches.md): the printable QR sheet of a batch. */
const TEXTS = {
  'zh-CN': {
    sheet: '二维码',
    sheetTitle: '装机批次 {{batchNo}}',
    print: '打印',
    brand: '品牌',
    hotel: '分店',
    batchNo: '批次号',
    authCode: '授权码',
    installCode: '安装码',
    maxTerminals: '最大终端数',
    registered: '已注册终端数',
    hint: '安装时用电视扫描或打开此二维码：电视进入该分店并在批次名额内自动授权。',
  },
  'en-US': {
    sheet: 'QR code',
    sheetTitle: 'Batch {{batchNo}}',
    print: 'Print',
    brand: 'Brand',
    hotel: 'Branch',
    batchNo: 'Batch no.',
    authCode: 'Auth code',
    installCode: 'Install code',
    maxTerminals: 'Max terminals',
    registered: 'Registered terminals',
    hint: "Scan or open this QR code on the TV while installing: the TV joins the branch and is authorized while the batch has room.",
  },
};

interface Sheet {
  batchNo: string;
  brand: string;
  hotel: string;
  maxTerminals: number;
  registered: number;
  authCode: string;
  installCode: string;
  url: string;
  qr: string;
}

function SheetModal({ row, onClose }: RowActionProps & { onClose: () => void }) {
  const m = useTexts(TEXTS);
  const sheet = useQuery({ queryKey: ['batchSheet', row.id], queryFn: ({ signal }) => api.get<Sheet>(`/batch-machines/${row.id}/sheet`, undefined, signal), gcTime: 0 });
  const data = sheet.data;
  return (
    <Modal
      open
      title={m('sheetTitle', { batchNo: String(row.batchNo ?? '') })}
      onCancel={onClose}
      footer={
        <Button type="primary" icon={<PrinterOutlined />} disabled={!data} onClick={() => window.print()} data-testid="batch-sheet-print">
          {m('print')}
        </Button>
      }
    >
      {data ? (
        <Space orientation="vertical" align="center" style={{ width: '100%' }} className="batch-sheet" data-testid="batch-sheet">
          <img src={data.qr} width={240} height={240} alt={m('sheet')} data-testid="batch-sheet-qr" data-url={data.url} />
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'batchNo', label: m('batchNo'), children: data.batchNo },
              { key: 'brand', label: m('brand'), children: data.brand },
              { key: 'hotel', label: m('hotel'), children: data.hotel },
              { key: 'installCode', label: m('installCode'), children: <span data-testid="batch-sheet-install-code">{data.installCode}</span> },
              { key: 'authCode', label: m('authCode'), children: <span data-testid="batch-sheet-auth-code">{data.authCode}</span> },
              { key: 'max', label: m('maxTerminals'), children: `${data.registered} / ${data.maxTerminals}` },
            ]}
          />
          <Typography.Text type="secondary">{m('hint')}</Typography.Text>
        </Space>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

function SheetAction(props: RowActionProps) {
  const m = useTexts(TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="batch-sheet-open">
        {m('sheet')}
      </Button>
      {open && <SheetModal {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

extendRecord('batchMachine', {
  rowActions: [{ key: 'sheet', visible: (s) => can(s.loginInfo, 'batchMachine.read'), Component: SheetAction }],
});
