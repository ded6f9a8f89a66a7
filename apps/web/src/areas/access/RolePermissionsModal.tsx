import type { PermissionTreeNode } from '@htv/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { QueryStatus } from '../../crud/QueryStatus';
import { useLang, type Lang } from '../../locales';


interface RolePermissions {
  role: { id: number; name: string; user_type: number; is_super: boolean; brand_id: number | null; key: string | null };
  permissions: string[];
  tree: PermissionTreeNode[];
}

interface Index {
  parent: Map<string, string>;
  children: Map<string, string[]>;
  all: string[];
}

function indexTree(tree: PermissionTreeNode[]): Index {
  const index: Index = { parent: new Map(), children: new Map(), all: [] };
  const walk = (nodes: PermissionTreeNode[], parent?: string) => {
    for (const node of nodes) {
      index.all.push(node.key);
      if (parent) index.parent.set(node.key, parent);
      index.children.set(
        node.key,
        node.children.map((c) => c.key),
      );
      walk(node.children, node.key);
    }
  };
  walk(tree);
  return index;
}

function toData(nodes: PermissionTreeNode[], lang: Lang): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <span>
        {lang === 'en-US' ? node.titleEn || node.title : node.title}
        <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
          {node.key}
        </Typography.Text>
      </span>
    ),
    children: toData(node.children, lang),
  }));
}

const descendants = (index: Index, key: string): string[] => (index.children.get(key) ?? []).flatMap((child) => [child, ...descendants(index, child)]);
function ancestors(index: Index, key: string): string[] {
  const out: string[] = [];
  for (let up = index.parent.get(key); up; up = index.parent.get(up)) out.push(up);
  return out;
}

/**
 * Role-permission assignment (spec §6): the permission tree of the role's user type as checkboxes.
 * Checking a node checks what is under it and the pages and groups above it (a button needs its page);
 * unchecking a node unchecks what is under it. Saved with `PUT /api/access/roles/:id/permissions`.
 */
export function RolePermissionsModal({ roleId, roleName, canEdit, onClose }: { roleId: number; roleName: string; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['access', 'role-permissions', roleId],
    queryFn: ({ signal }) => api.get<RolePermissions>(`/access/roles/${roleId}/permissions`, undefined, signal),
    staleTime: 0,
    meta: { silent: true },
  });
  const [checked, setChecked] = useState<Set<string> | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const index = useMemo(() => indexTree(detail.data?.tree ?? []), [detail.data]);
  const data = useMemo(() => toData(detail.data?.tree ?? [], lang), [detail.data, lang]);
  const isSuper = !!detail.data?.role.is_super;
  const current = checked ?? new Set(detail.data?.permissions ?? []);
  const editable = canEdit && !isSuper;

  const save = useMutation({
    mutationFn: (permissions: string[]) => api.put<{ permissions: string[] }>(`/access/roles/${roleId}/permissions`, { permissions }),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error),
    onSuccess: async () => {
      toastSuccess(t('access.saved'));
      await queryClient.invalidateQueries({ queryKey: ['access', 'role-permissions', roleId] });
      onClose();
    },
  });

  const onCheck = (key: string, on: boolean) => {
    const next = new Set(current);
    if (on) for (const k of [key, ...descendants(index, key), ...ancestors(index, key)]) next.add(k);
    else for (const k of [key, ...descendants(index, key)]) next.delete(k);
    setChecked(next);
  };

  const known = index.all.filter((key) => current.has(key));

  return (
    <Modal
      open
      width={720}
      title={t('access.permissionsOf', { name: roleName })}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {editable && (
            <Button type="primary" loading={save.isPending} disabled={!detail.data} onClick={() => save.mutate([...current])} data-testid="role-permissions-save">
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="role-permissions">
        <QueryStatus query={detail} minHeight={200}>
          <>
            {isSuper && <Alert type="info" showIcon title={t('access.superRole')} style={{ marginBottom: 12 }} />}
            {!isSuper && !canEdit && <Alert type="info" showIcon title={t('access.readOnly')} style={{ marginBottom: 12 }} />}
            <Space wrap style={{ marginBottom: 8 }}>
              {editable && (
                <>
                  <Button size="small" onClick={() => setChecked(new Set(index.all))}>
                    {t('access.checkAll')}
                  </Button>
                  <Button size="small" onClick={() => setChecked(new Set())}>
                    {t('access.uncheckAll')}
                  </Button>
                </>
              )}
              <Button size="small" onClick={() => setExpanded(index.all.filter((k) => (index.children.get(k) ?? []).length > 0))}>
                {t('access.expandAll')}
              </Button>
              <Button size="small" onClick={() => setExpanded([])}>
                {t('access.collapseAll')}
              </Button>
              {!isSuper && <Typography.Text type="secondary">{t('access.selectedCount', { count: known.length })}</Typography.Text>}
            </Space>
            {data.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <div style={{ maxHeight: 480, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
                <Tree
                  checkable
                  checkStrictly
                  selectable={false}
                  disabled={!editable}
                  treeData={data}
                  checkedKeys={{ checked: isSuper ? index.all : known, halfChecked: [] }}
                  expandedKeys={expanded ?? index.all.filter((k) => !index.parent.has(k))}
                  onExpand={(keys) => setExpanded(keys.map(String))}
                  onCheck={(_keys, info) => onCheck(String(info.node.key), info.checked)}
                />
              </div>
            )}
          </>
        </QueryStatus>
      </div>
    </Modal>
  );
}
