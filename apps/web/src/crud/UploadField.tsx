import { UploadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  dimensionsAllowed,
  dimensionsText,
  formatBytes,
  isUploadRuleName,
  ratioAllowed,
  ratioText,
  translate,
  uploadRules,
  type FieldDef,
  type StoredFile,
  type UploadRule,
} from '@htv/shared';
import { Button, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, fileUrl, handleUnauthorized } from '../api/client';
import { authHeaders } from '../api/token';
import { useLang } from '../locales';
import { offerCrop } from './crop';
import { acceptOf, imageSize, typeAllowed, typeNames } from './fileTypes';

/**
 * Uploads in progress inside a form: the form refuses to submit while one runs ("Other pictures are
 * uploaded. Please try again later.").
 */
export const UploadBusyContext = createContext<Set<string> | null>(null);

/** Names of files uploaded in this page's life, so a re-rendered list keeps showing them. */
const knownFiles = new Map<string, { name: string; mime?: string }>();

type Value = string | string[] | null | undefined;

const idsOf = (value: Value): string[] => (Array.isArray(value) ? value : value ? [value] : []);

function idOf(file: UploadFile): string | undefined {
  const response = file.response as { code?: string; data?: StoredFile } | undefined;
  return response?.data?.id ?? (file.status === 'done' && !file.originFileObj ? file.uid : undefined);
}

function toUploadFile(id: string, image: boolean): UploadFile {
  const known = knownFiles.get(id);
  const url = fileUrl(id);
  return { uid: id, name: known?.name ?? `${id.slice(0, 8)}…`, status: 'done', url, thumbUrl: image ? url : undefined };
}

function failureMessage(file: UploadFile, lang: ReturnType<typeof useLang>): string {
  const body = file.response as { errmsg?: unknown; errors?: { file?: unknown } } | string | undefined;
  // The field's own messages first (a refused file, a ts.ini's lines), then the envelope's.
  const messages = body && typeof body === 'object' && Array.isArray(body.errors?.file) ? body.errors.file.filter((m): m is string => typeof m === 'string') : [];
  if (messages.length) return messages.join('\n');
  if (body && typeof body === 'object' && typeof body.errmsg === 'string' && body.errmsg) return body.errmsg;
  return translate('upload.failed', lang);
}

export interface UploadFieldProps {
  field: FieldDef;
  value?: Value;
  onChange?: (value: string | string[] | null) => void;
  id?: string;
}

/**
 * File field: posts multipart (`file`) to `POST /api/files?rule=<field.upload>` with the session token,
 * checks size, type and pixel size against the shared upload rule first, and keeps file ids as the value.
 */
export function UploadField({ field, value, onChange, id }: UploadFieldProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const busy = useContext(UploadBusyContext);
  const rule: UploadRule | undefined = isUploadRuleName(field.upload) ? uploadRules[field.upload] : undefined;
  const image = !!rule?.image;
  const multiple = field.kind === 'files';
  const max = multiple ? (field.max ?? 1) : 1;
  const [fileList, setFileList] = useState<UploadFile[]>(() => idsOf(value).map((v) => toUploadFile(v, image)));
  const listRef = useRef(fileList);
  listRef.current = fileList;
  // A refused file is an error of this field (the server's message, or the same rule checked first here).
  const [error, setError] = useState<string | null>(null);

  // A value set from outside (form reset, loaded row) rebuilds the list unless an upload is running.
  useEffect(() => {
    const current = listRef.current;
    if (current.some((file) => file.status === 'uploading')) return;
    const shown = current.map(idOf).filter(Boolean).join(',');
    if (shown !== idsOf(value).join(',')) setFileList(idsOf(value).map((v) => toUploadFile(v, image)));
  }, [value, image]);

  // Stop counting this field's uploads as busy when it unmounts.
  useEffect(() => () => fileList.forEach((file) => busy?.delete(file.uid)), []); // eslint-disable-line react-hooks/exhaustive-deps

  if (!rule) return <Typography.Text type="danger">Unknown upload rule: {String(field.upload)}</Typography.Text>;

  const emit = (list: UploadFile[]) => {
    const ids = list.filter((file) => file.status === 'done').map(idOf).filter((v): v is string => !!v);
    onChange?.(multiple ? ids : (ids[ids.length - 1] ?? null));
  };

  const beforeUpload: UploadProps['beforeUpload'] = async (file, batch) => {
    const index = batch.indexOf(file);
    setError(null);
    const kept = multiple ? listRef.current.length : 0;
    if (multiple && kept + Math.max(index, 0) >= max) {
      if (index <= 0 || kept + index === max) setError(translate('validation.maxItems', lang, { field: field.label, max }));
      return Upload.LIST_IGNORE;
    }
    if (!typeAllowed(rule, file)) {
      setError(translate('upload.badType', lang, { types: typeNames(rule) }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > rule.maxBytes) {
      setError(translate(image ? 'upload.imageTooLarge' : 'upload.tooLarge', lang, { max: formatBytes(rule.maxBytes) }));
      return Upload.LIST_IGNORE;
    }
    if (image && (rule.dimensions || rule.ratio)) {
      const size = await imageSize(file);
      // Files the browser cannot decode (raw pixel data) are left to the server's check.
      if (size && !dimensionsAllowed(rule, size.width, size.height)) {
        setError(translate('upload.badDimensions', lang, { sizes: dimensionsText(rule) }));
        return Upload.LIST_IGNORE;
      }
      if (size && !ratioAllowed(rule, size.width, size.height)) {
        // Another ratio: the centred part may do (the server still checks what arrives).
        const cropped = rule.ratio && (await offerCrop(file, rule.ratio, t));
        if (cropped) return cropped;
        setError(translate('upload.badRatio', lang, { ratio: ratioText(rule) }));
        return Upload.LIST_IGNORE;
      }
    }
    return true;
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList: next }) => {
    let list = next;
    if (file.status === 'uploading') busy?.add(file.uid);
    else busy?.delete(file.uid);
    if (file.status === 'done') {
      const body = file.response as { code?: string; data?: StoredFile } | undefined;
      if (body?.code === '0' && body.data) {
        knownFiles.set(body.data.id, { name: body.data.name, mime: body.data.mime });
        list = list.map((item) => (item.uid === file.uid ? { ...item, url: fileUrl(body.data!.id), name: body.data!.name } : item));
      } else {
        setError(failureMessage(file, lang));
        list = list.filter((item) => item.uid !== file.uid);
      }
    }
    if (file.status === 'error') {
      if ((file.error as { status?: number } | undefined)?.status === 401) handleUnauthorized();
      else setError(failureMessage(file, lang));
      list = list.filter((item) => item.uid !== file.uid);
    }
    setFileList(list);
    if (file.status !== 'uploading') emit(list);
  };

  const full = fileList.length >= max && multiple;
  const hint = multiple
    ? t('crud.uploadHintMany', { types: typeNames(rule), max: formatBytes(rule.maxBytes), count: max })
    : t('crud.uploadHint', { types: typeNames(rule), max: formatBytes(rule.maxBytes) });

  return (
    <div id={id}>
      <Upload
        name="file"
        action={apiUrl('/files', { rule: field.upload })}
        headers={authHeaders()}
        accept={acceptOf(rule)}
        multiple={multiple}
        maxCount={multiple ? undefined : 1}
        listType={image ? 'picture-card' : 'text'}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onChange={handleChange}
        onPreview={(file) => {
          const fileId = idOf(file);
          if (fileId) window.open(fileUrl(fileId), '_blank', 'noopener');
        }}
      >
        {full ? null : image ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('crud.upload')}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>{t('crud.upload')}</Button>
        )}
      </Upload>
      {error && (
        <div role="alert" className="ant-form-item-explain-error" style={{ whiteSpace: 'pre-line' }} data-testid="upload-error">
          {error}
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </div>
  );
}
