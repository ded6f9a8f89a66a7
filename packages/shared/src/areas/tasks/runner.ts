import type { TaskResultRequest, TerminalTask } from './protocol.js';
import type { TaskAction } from './records.js';

/** What this TV can do of the task items' actions (the others are reported `unsupported`). */
export type TaskActions = Partial<Record<TaskAction, (parameter: string | null) => Promise<void> | void>>;

/**
 * Does the terminal's pending task work and reports each result (docs/tasks.md). A reboot is reported
 * before it happens, and happens last.
 */
export async function runPendingTasks(tasks: TerminalTask[], actions: TaskActions, report: (result: TaskResultRequest) => Promise<unknown>): Promise<void> {
  let reboot = false;
  for (const task of tasks) {
    const act = actions[task.action];
    if (!act) {
      await report({ logId: task.logId, state: 'unsupported', reason: `${task.action} is not supported by this TV` });
      continue;
    }
    if (task.action === 'reboot') {
      reboot = true;
      await report({ logId: task.logId, state: 'success' });
      continue;
    }
    try {
      await act(task.parameter);
      await report({ logId: task.logId, state: 'success' });
    } catch (error) {
      await report({ logId: task.logId, state: 'failed', failureCode: 'E_TASK', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  if (reboot) await actions.reboot!(null);
}
