import { formSections, recordByName, requiredNow, translate, type FieldDef, type RecordDef, type UserType } from '@htv/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Divider, Form, Modal, Row as GridRow, Space } from 'antd';
import { cloneElement, useMemo, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../api/client';
import { toastError, toastSuccess } from '../api/notify';
import { useLang } from '../locales';
import { recordApi, recordKeys, type Row } from './api';
import { fieldInput, valuePropOf } from './FieldInput';
import { initialValues, toBody } from './formValues';
import type { RecordFormProps } from './registry';
import { requiredWhenRule, schemaRule } from './rules';
import { UploadBusyContext } from './UploadField';
import { QueryStatus } from './QueryStatus';
import { RefSelect } from './RefSelect';
import { useSessionInfo } from '../auth/session';
import { visibleExtensions, type FieldAddonProps } from './extensions';

/**
 * On create, a platform or brand user names the brand or hotel a brand- or hotel-scope row belongs to
 * (the server takes it from the session for users of that level).
 */
export function ownerFieldOf(record: RecordDef, userType: UserType): { name: 'brandId' | 'hotelId'; ref: 'brand' | 'hotel' } | null {
  if (record.scope === 'brand' && userType === 1 && recordByName('brand')) return { name: 'brandId', ref: 'brand' };
  if (record.scope === 'hotel' && (userType === 1 || userType === 2) && recordByName('hotel')) return { name: 'hotelId', ref: 'hotel' };
  return null;
}

/** Inputs that need the whole row of a two-column form. */
const fullWidth = (field: FieldDef) => !!field.multiline || ['richText', 'json', 'file', 'files'].includes(field.kind);

/**
 * Create / edit form of a record: one input per writable field, in the declared groups (titled
 * sections, two columns on wide screens) or in declaration order; rules from the field's zod schema
 * and its `requiredWhen` (the required mark follows the form's values), server field errors (422)
 * placed on the fields, and the fields' addons from the record's extensions under their inputs.
 */
export default function RecordFormModal({ record, id, open, onClose, onSaved, ownerId }: RecordFormProps) {
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
      width={record.groups ? { xs: '100%', lg: 1040 } : 720}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <QueryStatus query={editing ? detail : null} minHeight={200}>
        <RecordForm key={id ?? 'new'} {...{ record, id, onClose, onSaved, ownerId }} row={editing ? detail.data : undefined} title={title} />
      </QueryStatus>
    </Modal>
  );
}

function RecordForm({ record, id, row, onClose, onSaved, ownerId }: Omit<RecordFormProps, 'open'> & { row?: Row; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const uploads = useRef(new Set<string>());
  const session = useSessionInfo();
  const user = session.loginInfo;
  const addons = useMemo(() => visibleExtensions(record, session).fieldAddons, [record, session]);
  const ownerField = id === null ? ownerFieldOf(record, user.user_type) : null;
  // Asked only when the page does not name the owner already.
  const owner = ownerId === undefined ? ownerField : null;
  const fieldNames = owner ? [owner.name, ...record.writable] : record.writable;
  // Fixed fields are given on create only: shown disabled on edit, a write-only one (a confirmation) not at all.
  const sections = useMemo(
    () => formSections(record).map((section) => ({ ...section, fields: section.fields.filter((name) => id === null || !(record.fields[name]!.fixed && record.fields[name]!.writeOnly)) })).filter((section) => section.fields.length > 0),
    [record, id],
  );
  const columns = record.groups ? { xs: 24, lg: 12 } : { span: 24 };
  // Names of the fields whose `requiredWhen` holds now, joined so the form re-renders only when they change.
  const requiredNowNames = Form.useWatch((values: Record<string, unknown> | undefined) => record.writable.filter((name) => requiredNow(record.fields[name]!, values ?? {})).join(','), form) ?? '';

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (id === null ? recordApi.create(record, body) : recordApi.update(record, id, body)),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, fieldNames),
    onSuccess: async () => {
      toastSuccess(t('crud.saved'));
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      onSaved?.();
      onClose();
    },
  });

  const addonProps = (name: string): Omit<FieldAddonProps, 'record' | 'name'> => ({
    getValue: () => form.getFieldValue(name),
    setValue: (value) => {
      form.setFields([{ name, value, touched: true }]);
      form.validateFields([name]).catch(() => undefined);
    },
    setErrors: (errors) => form.setFields([{ name, errors }]),
  });

  const submit = (values: Record<string, unknown>) => {
    if (uploads.current.size > 0) {
      toastError(translate('upload.busy', lang));
      return;
    }
    const body = toBody(record, values);
    if (ownerField) body[ownerField.name] = ownerId ?? values[ownerField.name] ?? null;
    if (record.confirmSave) {
      Modal.confirm({ title: record.confirmSave[lang], okText: t('crud.save'), cancelText: t('common.cancel'), onOk: () => save.mutate(body), okButtonProps: { 'data-testid': 'record-form-confirm' } as never });
      return;
    }
    save.mutate(body);
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
        {sections.map((section, index) => (
          <div key={section.key} data-testid={`form-section-${section.key}`}>
            {section.label && (
              <Divider titlePlacement="start" style={{ marginTop: index === 0 ? 0 : undefined }}>
                {section.label[lang]}
              </Divider>
            )}
            <GridRow gutter={24}>
              {index === 0 && owner && (
                <Col {...columns}>
                  <Form.Item
                    name={owner.name}
                    label={t(owner.name === 'brandId' ? 'crud.ownerBrand' : 'crud.ownerHotel')}
                    required
                    rules={[{ required: true, message: translate(owner.name === 'brandId' ? 'validation.brandRequired' : 'validation.hotelRequired', lang) }]}
                  >
                    <RefSelect refName={owner.ref} placeholder={t('crud.selectPlaceholder')} />
                  </Form.Item>
                </Col>
              )}
              {section.fields.map((name) => {
                const field = record.fields[name]!;
                const Addon = addons.find((addon) => addon.field === name)?.Component;
                const condition = field.requiredWhen;
                return (
                  <Col key={name} {...(fullWidth(field) ? { span: 24 } : columns)}>
                    <Form.Item
                      name={name}
                      label={field.label[lang]}
                      required={field.required || requiredNowNames.split(',').includes(name)}
                      valuePropName={valuePropOf(field)}
                      dependencies={condition ? [condition.field] : undefined}
                      extra={
                        Addon ? (
                          <Space orientation="vertical" size={4}>
                            {field.help?.[lang]}
                            <Addon record={record} name={name} {...addonProps(name)} />
                          </Space>
                        ) : (
                          field.help?.[lang]
                        )
                      }
                      rules={condition ? [schemaRule(field, lang), requiredWhenRule(name, field, lang)] : [schemaRule(field, lang)]}
                    >
                      {id !== null && field.fixed ? cloneElement(fieldInput(name, field, lang, t, row, record) as ReactElement<{ disabled?: boolean }>, { disabled: true }) : fieldInput(name, field, lang, t, row, record)}
                    </Form.Item>
                  </Col>
                );
              })}
            </GridRow>
          </div>
        ))}
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
