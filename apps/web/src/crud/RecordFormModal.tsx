import { translate } from '@htv/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Spin } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, showApiError } from '../api/client';
import { toastError, toastSuccess } from '../api/notify';
import { useLang } from '../locales';
import { recordApi, recordKeys, type Row } from './api';
import { fieldInput, valuePropOf } from './FieldInput';
import { initialValues, toBody } from './formValues';
import type { RecordFormProps } from './registry';
import { schemaRule } from './rules';
import { UploadBusyContext } from './UploadField';

/**
 * Create / edit form of a record: one input per writable field in declaration order, rules from the
 * field's zod schema, server field errors (422) placed on the fields.
 */
export default function RecordFormModal({ record, id, open, onClose, onSaved }: RecordFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const editing = id !== null;
  const detail = useQuery({
    queryKey: recordKeys.detail(record.path, id ?? 0),
    queryFn: ({ signal }) => recordApi.get(record, id!, signal),
    enabled: open && editing,
    staleTime: 0,
    meta: { silent: true },
  });
  const title = t(editing ? 'crud.editTitle' : 'crud.createTitle', { record: record.label[lang] });

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {editing && detail.isPending ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <Spin />
        </div>
      ) : editing && detail.isError ? (
        <Alert type="error" showIcon title={failureText(detail.error)} />
      ) : (
        <RecordForm key={id ?? 'new'} {...{ record, id, onClose, onSaved }} row={editing ? detail.data : undefined} title={title} />
      )}
    </Modal>
  );
}

function RecordForm({ record, id, row, onClose, onSaved }: Omit<RecordFormProps, 'open'> & { row?: Row; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const uploads = useRef(new Set<string>());

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (id === null ? recordApi.create(record, body) : recordApi.update(record, id, body)),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, record.writable),
    onSuccess: async () => {
      toastSuccess(t('crud.saved'));
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      onSaved?.();
      onClose();
    },
  });

  const submit = (values: Record<string, unknown>) => {
    if (uploads.current.size > 0) {
      toastError(translate('upload.busy', lang));
      return;
    }
    save.mutate(toBody(record, values));
  };

  return (
    <UploadBusyContext.Provider value={uploads.current}>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        labelWrap
        wrapperCol={{ flex: 1 }}
        initialValues={initialValues(record, row)}
        onFinish={submit}
        data-testid="record-form"
        scrollToFirstError
        style={{ marginTop: 16 }}
      >
        {record.writable.map((name) => {
          const field = record.fields[name]!;
          return (
            <Form.Item
              key={name}
              name={name}
              label={field.label[lang]}
              required={field.required}
              valuePropName={valuePropOf(field)}
              extra={field.help?.[lang]}
              rules={[schemaRule(field, lang)]}
            >
              {fieldInput(name, field, lang, t, row)}
            </Form.Item>
          );
        })}
        <Form.Item style={{ marginBottom: 0, textAlign: 'right' }} wrapperCol={{ span: 24 }}>
          <ModalButtons onCancel={onClose} saving={save.isPending} />
        </Form.Item>
      </Form>
    </UploadBusyContext.Provider>
  );
}

function ModalButtons({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="record-form-submit">
        {t('crud.save')}
      </Button>
    </div>
  );
}
