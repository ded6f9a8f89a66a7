/** Launches one `POST /api/device/v1/app-launches` carries at most (its own module: the TV imports it without the schemas). */
export const MAX_APP_LAUNCHES_PER_BATCH = 100;
