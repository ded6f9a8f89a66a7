import { z } from 'zod';
import { bool, password, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** A delivery's states as the robot reports them (docs/robot.md). */
export const ROBOT_TASK_STATES = ['queued', 'moving', 'arrived', 'done', 'failed'] as const;
export type RobotTaskState = (typeof ROBOT_TASK_STATES)[number];

/** One delivery as the robot reports it: its state and how far it has come (0-100). */
export interface RobotTaskStatus {
  state: RobotTaskState;
  progress: number;
}

/**
 * A hotel's delivery robot (docs/robot.md): the adapter a vendor's robot cloud implements, and the
 * simulator in tools/robot. Throws on failure; never answers a guessed state.
 */
export interface RobotAdapter {
  /** Sends a delivery to a room; answers the robot's id of the task. */
  send(task: { room: string; content: string }): Promise<{ taskId: string }>;
  /** The task's state now. */
  status(taskId: string): Promise<RobotTaskStatus>;
}

/** The hotel's robot (`/robot`): address, access key (kept secret), switch. */
export const ROBOT_FIELDS = {
  url: text({ label: t('机器人服务地址', 'Robot service address'), required: true, max: 300, pattern: { regex: /^https?:\/\/[^\s]+$/i, message: 'rcu.url' } }),
  secret: password({ label: t('访问密钥', 'Access key'), min: 4, max: 200 }),
  enabled: bool({ label: t('启用', 'Enabled') }),
};

export const robotInput = z.strictObject({ url: ROBOT_FIELDS.url.schema, secret: ROBOT_FIELDS.secret.schema.optional(), enabled: z.boolean() });
export type RobotInput = z.infer<typeof robotInput>;

export interface RobotView {
  url: string | null;
  enabled: boolean;
  hasSecret: boolean;
}

/** A delivery as the console lists it. */
export interface RobotDelivery {
  id: number;
  callId: number;
  roomNumber: string;
  content: string;
  state: RobotTaskState | 'sending';
  progress: number;
  createdAt: string;
  updatedAt: string;
}
