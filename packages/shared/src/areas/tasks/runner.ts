import type { TaskResultRequest, TerminalTask } from './protocol.js';
import type { TaskAction, TaskUnsupportedCode } from './records.js';

/** What this TV can do of the task items' actions (the others are reported `unsupported`). */
export type TaskActions = Partial<Record<TaskAction, (parameter: string | null) => Promise<void> | void>>;

/**
 * Thrown by an action the TV knows but cannot do (a screenshot in a browser, a maintenance command it
 * does not have): the work is reported `unsupported` with the code the console words, not `failed`.
 */
export class TaskUnsupported extends Error {
  constructor(
    readonly code: TaskUnsupportedCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Does the terminal's pending task work and reports each result (docs/tasks.md). A reboot is reported
 * before it happens, and happens last.
 */
export async function runPendingTasks(tasks: TerminalTask[], actions: TaskActions, report: (result: TaskResultRequest) => Promise<unknown>): Promise<void> {
  let reboot = false;
  for (const task of tasks) {
    const act = actions[task.action];
    if (!act) {
      await report({ logId: task.logId, state: 'unsupported', failureCode: 'unsupported.action', reason: `${task.action} is not supported by this TV` });
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
      if (error instanceof TaskUnsupported) await report({ logId: task.logId, state: 'unsupported', failureCode: error.code, reason: error.message });
      else await report({ logId: task.logId, state: 'failed', failureCode: 'E_TASK', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  if (reboot) await actions.reboot!(null);
}
