/** The most events one `POST /events` carries (its own module: the TV imports it without the schemas). */
export const MAX_EVENTS_PER_BATCH = 500;
