import { formatBytes, records } from '@htv/shared';
import { BOOT_FILE_PARTS } from '@htv/shared/areas/boot/device';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { authHeaders } from '../../api/token';
import { useSession } from '../../auth/session';
import { can } from '../../auth/access';
import { recordApi, recordKeys } from '../../crud/api';
import { useRecordPages } from '../../crud/registry';
import { QueryStatus } from '../../crud/QueryStatus';
import { fileUrl } from '../../api/client';
import { useTabSubject } from '../../layout/tabSubject';
import { useLang } from '../../locales';
import { useBootText } from './locales';

const record = records.bootPolicy;

interface StoredFileInfo {
  size: number;
  mime: string;
  /** An object URL of a picture (the logo, the icon), read with the session's token. */
  picture: string | null;
}

const PICTURES = new Set(['logo', 'icon']);

/**
 * `/startlogo/startlogo_setting_content/:id`: a boot policy's contents, each part with its file, size
 * and resolution (the logo shown), and the policy's form to change them.
 */
export default function BootContentPage() {
  const b = useBootText();
  const lang = useLang();
  const id = Number(useParams().id);
  const { Form } = useRecordPages(record);
  const session = useSession();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const detail = useQuery({ queryKey: recordKeys.detail(record.path, id), queryFn: ({ signal }) => recordApi.get(record, id, signal) });
  const row = detail.data;
  useTabSubject(row ? String(row.name) : undefined);
  // File facts as stored (size, type) and the pictures, read with the session's token.
  const facts = useQuery({
    queryKey: ['boot', 'files', id, row?.updatedAt],
    enabled: !!row,
    queryFn: async ({ signal }) => {
      const found: Record<string, StoredFileInfo | null> = {};
      for (const part of BOOT_FILE_PARTS) {
        const fileId = row?.[part];
        if (typeof fileId !== 'string') continue;
        const response = await fetch(fileUrl(fileId), { method: PICTURES.has(part) ? 'GET' : 'HEAD', headers: authHeaders(), signal });
        const picture = PICTURES.has(part) && response.ok ? URL.createObjectURL(await response.blob()) : null;
        found[part] = response.ok ? { size: Number(response.headers.get('content-length') ?? 0), mime: response.headers.get('content-type') ?? '', picture } : null;
      }
      return found;
    },
  });
  useEffect(() => () => Object.values(facts.data ?? {}).forEach((file) => file?.picture && URL.revokeObjectURL(file.picture)), [facts.data]);
  const parts = BOOT_FILE_PARTS.map((part) => ({ part, label: record.fields[part]!.label[lang], fileId: (row?.[part] as string | null) ?? null, file: facts.data?.[part] ?? null }));
  return (
    <QueryStatus query={detail} minHeight={200}>
      {row && (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="boot-content-page">
          <Card
            size="small"
            title={String(row.name)}
            extra={
              can(session, 'bootConfig.update') && (
                <Button type="primary" onClick={() => setEditing(true)} data-testid="boot-content-edit">
                  {b('edit')}
                </Button>
              )
            }
          >
            <Descriptions size="small" column={2}>
              <Descriptions.Item label={record.fields.active!.label[lang]}>{row.active ? <Tag color="green">{b('inUse')}</Tag> : <Tag>{b('notInUse')}</Tag>}</Descriptions.Item>
              <Descriptions.Item label={b('applies')}>{record.fields.applyMode!.options?.[String(row.applyMode)]?.[lang]}</Descriptions.Item>
              <Descriptions.Item label={record.fields.wifiName!.label[lang]}>{String(row.wifiName ?? '-')}</Descriptions.Item>
              <Descriptions.Item label={record.fields.castName!.label[lang]}>{String(row.castName ?? '-')}</Descriptions.Item>
              <Descriptions.Item label={record.fields.operator!.label[lang]}>{String(row.operator ?? '-')}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Table
            size="small"
            rowKey="part"
            pagination={false}
            dataSource={parts}
            columns={[
              { key: 'label', title: b('part'), dataIndex: 'label' },
              {
                key: 'file',
                title: '',
                render: (_, p) =>
                  !p.fileId ? (
                    <Typography.Text type="secondary">{b('none')}</Typography.Text>
                  ) : p.file?.picture ? (
                    <img src={p.file.picture} alt={p.label} style={{ maxWidth: 240, maxHeight: 135 }} data-testid={`boot-content-${p.part}`} />
                  ) : (
                    <a href={fileUrl(p.fileId)} target="_blank" rel="noopener noreferrer" data-testid={`boot-content-${p.part}`}>
                      {p.file?.mime || p.fileId.slice(0, 8)}
                    </a>
                  ),
              },
              { key: 'size', title: b('size'), render: (_, p) => (p.file ? formatBytes(p.file.size) : '') },
            ]}
          />
          <Form
            record={record}
            id={editing ? id : null}
            open={editing}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void client.invalidateQueries({ queryKey: recordKeys.all });
            }}
          />
        </Space>
      )}
    </QueryStatus>
  );
}
