/** Where the e2e server's address and pid are published for the tests and the teardown. */
export const ENV_BASE_URL = 'E2E_BASE_URL';
export const ENV_SERVER_PID = 'E2E_SERVER_PID';
/** The temporary folder of the run: the build snapshot, the data folder and the server log. */
export const ENV_WORK_DIR = 'E2E_WORK_DIR';

/** The base URL of the server global-setup started (the config's baseURL, for requests outside a page). */
export function baseUrl(): string {
  const url = process.env[ENV_BASE_URL];
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through Playwright (global-setup starts the server)');
  return url;
}
