/** Answers of the console's terminal routes that the web reads as they are. */

/** `GET /api/terminals/stats?days`: the caller's terminals by state, and active/registered a day. */
export interface TerminalStats {
  total: number;
  online: number;
  offline: number;
  unauthorized: number;
  authorized: number;
  disabled: number;
  series: { day: string; active: number; registered: number }[];
}
