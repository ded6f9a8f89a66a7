import { useQueryClient } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { storeSession } from '../../api/token';
import { displayName, type Project } from '../../auth/access';
import { useSessionInfo } from '../../auth/session';

interface SwitchAnswer {
  token: string;
  user_type: number;
  project_id: number;
  project: Project;
}

/**
 * The project selector (spec §6): brand and hotel users only, labelled "current customer" (type 2) or
 * "current hotel" (type 3); a dropdown only when there is more than one project. Switching moves the
 * session (new token) and refreshes every query.
 */
export function ProjectSelector() {
  const { t } = useTranslation();
  const info = useSessionInfo();
  const user = info.loginInfo;
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  if (user.user_type === 1) return null;

  const projects = info.projects ?? [];
  const current = projects.find((p) => p.id === info.project_id);
  const name = current?.name ?? (user.user_type === 2 ? (user.customer?.name ?? '') : displayName(user.hotel));
  const label = user.user_type === 2 ? t('header.currentCustomer') : t('header.currentHotel');

  const switchTo = async (id: number) => {
    if (id === info.project_id) return;
    setSwitching(true);
    try {
      const answer = await api.post<SwitchAnswer>('/web/project/switch', { id });
      storeSession(answer.token, answer.user_type);
      await queryClient.invalidateQueries();
      toastSuccess(t('header.projectSwitched', { name: answer.project.name }));
    } catch (error) {
      showApiError(error);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Space size={6} data-testid="project-selector">
      <Typography.Text type="secondary">{label}:</Typography.Text>
      {projects.length > 1 ? (
        <Select<number>
          size="small"
          value={info.project_id ?? undefined}
          loading={switching}
          disabled={switching}
          aria-label={label}
          popupMatchSelectWidth={false}
          style={{ minWidth: 160 }}
          options={projects.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(id) => void switchTo(id)}
          data-testid="project-select"
        />
      ) : (
        <Typography.Text strong data-testid="project-name">
          {name}
        </Typography.Text>
      )}
    </Space>
  );
}
