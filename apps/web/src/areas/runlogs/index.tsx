import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { can } from '../../auth/access';
import type { RowActionProps } from '../../crud/extensions';
import { extendRecord } from '../../crud/extensions';
import { useTexts } from '../../locales';
import { RUNLOG_TEXTS } from './locales';

/** The terminal list's link to a terminal's heartbeat log page (docs/runlogs.md). */
function HeartbeatsLink({ row }: RowActionProps) {
  const m = useTexts(RUNLOG_TEXTS);
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => navigate(`/terminal_manage/heartbeats/${String(row.mac)}`)} data-testid="terminal-heartbeats">
      {m('heartbeatLog')}
    </Button>
  );
}

extendRecord('terminal', {
  rowActions: [{ key: 'heartbeats', visible: (s) => s.loginInfo.user_type === 1 && can(s.loginInfo, 'terminal.read'), Component: HeartbeatsLink }],
});
