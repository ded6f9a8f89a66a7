import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import { useNavigate } from 'react-router';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { recordKeys } from '../../crud/api';
import { extendRecord, type FieldAddonProps, type RowActionProps } from '../../crud/extensions';
import { bootApi } from './api';
import { useBootText } from './locales';

/** The page of a policy's contents. */
export const contentPath = (id: number) => `/startlogo/startlogo_setting_content/${id}`;

function ContentAction({ row }: RowActionProps) {
  const b = useBootText();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => navigate(contentPath(row.id))} data-testid="boot-content">
      {b('content')}
    </Button>
  );
}

/** `POST /web/boots_config/copy?id`: a copy at the caller's level, not in use. */
function CopyAction({ row }: RowActionProps) {
  const b = useBootText();
  const client = useQueryClient();
  const copy = useMutation({
    mutationFn: () => bootApi.copy(row.id),
    onSuccess: async (created) => {
      toastSuccess(b('copied', { name: String(created.name) }));
      await client.invalidateQueries({ queryKey: recordKeys.all });
    },
    onError: (error) => showApiError(error),
  });
  return (
    <Button type="link" size="small" loading={copy.isPending} onClick={() => copy.mutate()} data-testid="boot-copy">
      {b('copy')}
    </Button>
  );
}

/** Under the logo field: a logo of the platform's boot-logo library instead of an upload. */
function LibraryPicker({ setValue }: FieldAddonProps) {
  const b = useBootText();
  const library = useQuery({ queryKey: ['boot', 'library'], queryFn: ({ signal }) => bootApi.library(signal) });
  return (
    <Select
      style={{ width: '100%', marginTop: 8 }}
      placeholder={b('pickFromLibrary')}
      notFoundContent={b('libraryEmpty')}
      loading={library.isLoading}
      options={(library.data ?? []).map((item) => ({ value: item.logo, label: item.title }))}
      onChange={(value: string) => setValue(value)}
      data-testid="boot-library-pick"
    />
  );
}

extendRecord('bootPolicy', {
  rowActions: [
    { key: 'content', Component: ContentAction },
    { key: 'copy', visible: (s) => can(s.loginInfo, 'bootConfig.create'), Component: CopyAction },
  ],
  fieldAddons: [{ field: 'logo', Component: LibraryPicker }],
});
