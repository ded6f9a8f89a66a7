import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useEffect } from 'react';
import { recordKeys } from '../../crud/api';
import { extendRecord, type ToolbarActionProps } from '../../crud/extensions';
import { useTexts } from '../../locales';
import { LAUNDRY_TEXTS } from './locales';

const LIVE_MS = 5_000;

/** The machine list follows the provider's states: read again every few seconds while it is open. */
function LiveStates({ record }: ToolbarActionProps) {
  const m = useTexts(LAUNDRY_TEXTS);
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: recordKeys.record(record.path) }), LIVE_MS);
    return () => clearInterval(timer);
  }, [queryClient, record.path]);
  return (
    <Tag color="processing" data-testid="laundry-live">
      {m('live')}
    </Tag>
  );
}

extendRecord('washingMachine', { toolbar: [{ key: 'live', Component: LiveStates }] });
