import { describe, expect, it } from 'vitest';
import type { TaskResultRequest } from '../src/areas/tasks/protocol.js';
import { TASK_UNSUPPORTED } from '../src/areas/tasks/records.js';
import { runPendingTasks, TaskUnsupported } from '../src/areas/tasks/runner.js';

describe('the TVs’ task runner', () => {
  it('does what the TV can, says why it cannot do the rest, and reboots last', async () => {
    const done: string[] = [];
    const reports: TaskResultRequest[] = [];
    await runPendingTasks(
      [
        { logId: 1, action: 'reboot', parameter: null },
        { logId: 2, action: 'setVolume', parameter: '30' },
        { logId: 3, action: 'screenshot', parameter: null },
        { logId: 4, action: 'maintenance', parameter: 'flash' },
        { logId: 5, action: 'clearCache', parameter: null },
        { logId: 6, action: 'refetchConfig', parameter: null },
      ],
      {
        reboot: () => void done.push('reboot'),
        setVolume: (volume) => void done.push(`volume ${volume}`),
        screenshot: () => {
          throw new TaskUnsupported('unsupported.screenshot', 'no capture');
        },
        clearCache: () => {
          throw new Error('store locked');
        },
        refetchConfig: async () => void done.push('refetch'),
      },
      async (result) => void reports.push(result),
    );
    expect(done).toEqual(['volume 30', 'refetch', 'reboot']);
    expect(reports).toEqual([
      { logId: 1, state: 'success' },
      { logId: 2, state: 'success' },
      { logId: 3, state: 'unsupported', failureCode: 'unsupported.screenshot', reason: 'no capture' },
      { logId: 4, state: 'unsupported', failureCode: 'unsupported.action', reason: 'maintenance is not supported by this TV' },
      { logId: 5, state: 'failed', failureCode: 'E_TASK', reason: 'store locked' },
      { logId: 6, state: 'success' },
    ]);
    // Each unsupported code is worded by the console in both languages.
    for (const report of reports.filter((r) => r.state === 'unsupported')) {
      expect(TASK_UNSUPPORTED[report.failureCode as keyof typeof TASK_UNSUPPORTED]).toEqual({ 'zh-CN': expect.any(String), 'en-US': expect.any(String) });
    }
  });
});
