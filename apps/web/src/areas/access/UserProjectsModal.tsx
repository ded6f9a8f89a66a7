import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import type { Project } from '../../auth/access';
import { QueryStatus } from '../../crud/QueryStatus';
import { RefMultiSelect } from '../../crud/RefSelect';

interface UserProjects {
  user_id: number;
  user_type: number;
  home_id: number | null;
  projects: Project[];
}

/**
 * The projects of a multi-project user (spec §3, docs/auth.md "Project selector"): the home brand or
 * hotel, and further ones chosen here (`GET|PUT /api/access/users/:id/projects`). Brand users get
 * brands (platform only), hotel users hotels (the platform any, a brand its own).
 */
export function UserProjectsModal({ userId, userName, canEdit, onClose }: { userId: number; userName: string; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['access', 'user-projects', userId];
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<UserProjects>(`/access/users/${userId}/projects`, undefined, signal),
    staleTime: 0,
    meta: { silent: true },
  });
  const [ids, setIds] = useState<number[] | null>(null);
  const data = detail.data;
  const home = data?.projects.find((p) => p.id === data.home_id);
  const extra = useMemo(() => (data ? data.projects.filter((p) => p.id !== data.home_id) : []), [data]);
  const selected = ids ?? extra.map((p) => p.id);
  const labels = useMemo(() => Object.fromEntries((data?.projects ?? []).map((p) => [p.id, p.name])), [data]);
  const brands = data?.user_type === 2;

  const save = useMutation({
    mutationFn: (next: number[]) => api.put<{ projects: Project[] }>(`/access/users/${userId}/projects`, { ids: next }),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error),
    onSuccess: async () => {
      toastSuccess(t('access.projectsSaved'));
      await queryClient.invalidateQueries({ queryKey: key });
      onClose();
    },
  });

  return (
    <Modal
      open
      width={600}
      title={t('access.projectsOf', { name: userName })}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {canEdit && (
            <Button type="primary" loading={save.isPending} disabled={!data} onClick={() => save.mutate(selected.filter((id) => id !== data?.home_id))} data-testid="user-projects-save">
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="user-projects">
        <QueryStatus query={detail} minHeight={160}>
          <>
            <Descriptions
              size="small"
              column={1}
              style={{ marginBottom: 16 }}
              items={[{ key: 'home', label: t('access.homeProject'), children: <Typography.Text strong>{home?.name ?? '-'}</Typography.Text> }]}
            />
            <Typography.Paragraph style={{ marginBottom: 8 }}>{brands ? t('access.extraBrands') : t('access.extraHotels')}</Typography.Paragraph>
            <RefMultiSelect
              refName={brands ? 'brand' : 'hotel'}
              value={selected.filter((id) => id !== data?.home_id)}
              onChange={setIds}
              knownLabels={labels}
              disabled={!canEdit}
              style={{ width: '100%' }}
              aria-label={brands ? t('access.extraBrands') : t('access.extraHotels')}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('access.projectsHint')}
            </Typography.Paragraph>
          </>
        </QueryStatus>
      </div>
    </Modal>
  );
}
