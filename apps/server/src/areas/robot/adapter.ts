import { ROBOT_TASK_STATES, type RobotAdapter, type RobotTaskState } from '@htv/shared/areas/robot/robot';
import { fetchRemote, postRemoteForAnswer, RemoteRefused } from '../../files/remote.js';
import { AppError } from '../../http/errors.js';

const LIMITS = { maxBytes: 16 * 1024, timeoutMs: 5_000, maxRedirects: 0 };
const STATES = new Set<string>(ROBOT_TASK_STATES);

const unreachable = () => new AppError('conflict', 'robot.unreachable');

/** Reads a task's status answer (`{state, progress}`); anything else is no answer (never a guess). */
export function readStatus(body: unknown): { state: RobotTaskState; progress: number } {
  const { state, progress } = (body ?? {}) as { state?: unknown; progress?: unknown };
  if (typeof state !== 'string' || !STATES.has(state) || typeof progress !== 'number' || !Number.isFinite(progress)) throw unreachable();
  return { state: state as RobotTaskState, progress: Math.max(0, Math.min(100, Math.round(progress))) };
}

/** The reference robot protocol (tools/robot), reached under the remote-fetch rules (docs/robot.md). */
export function httpRobot(baseUrl: string, key: string | null): RobotAdapter {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const url = (path: string) => new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
  return {
    async send(task) {
      let answer: { status: number; body: Buffer };
      try {
        answer = await postRemoteForAnswer(url('api/tasks'), JSON.stringify(task), headers, LIMITS);
      } catch (error) {
        if (error instanceof RemoteRefused) throw unreachable();
        throw error;
      }
      if (answer.status >= 400 && answer.status < 500) throw new AppError('conflict', 'robot.refused');
      if (answer.status !== 200 && answer.status !== 201) throw unreachable();
      try {
        const id = (JSON.parse(answer.body.toString('utf8')) as { id?: unknown }).id;
        if (typeof id === 'string' && id.length <= 64) return { taskId: id };
      } catch {
        // falls through: no id is no task
      }
      throw unreachable();
    },
    async status(taskId) {
      try {
        return readStatus(JSON.parse((await fetchRemote(url(`api/tasks/${encodeURIComponent(taskId)}`), { ...LIMITS, headers })).toString('utf8')));
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw unreachable();
      }
    },
  };
}
