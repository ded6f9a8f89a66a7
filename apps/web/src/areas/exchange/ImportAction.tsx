import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { request, showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { useTexts } from '../../locales';
import { EXCHANGE_TEXTS } from './locales';

const EXCEL = /\.(xlsx)$/i;

/** "Import from Excel": `POST /api/web/exchange/import` with the file as multipart `file` (all or nothing). */
export function ExchangeImportAction() {
  const m = useTexts(EXCHANGE_TEXTS);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<{ created: number; updated: number }>('POST', '/web/exchange/import', { body: form });
    },
    onSuccess: (data) => {
      toastSuccess(m('imported', { created: data.created, updated: data.updated }));
      void client.invalidateQueries();
      setOpen(false);
    },
    onError: (error) => showApiError(error),
  });
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="exchange-import-open">
        {m('import')}
      </Button>
      {open && (
        <Modal open title={m('importTitle')} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
          <Typography.Paragraph type="secondary">{m('importHelp')}</Typography.Paragraph>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              if (!EXCEL.test(chosen.name)) toastError(m('onlyExcel'));
              else save.mutate(chosen);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={save.isPending} data-testid="exchange-import-choose">
              {m('chooseFile')}
            </Button>
          </Upload>
        </Modal>
      )}
    </>
  );
}
