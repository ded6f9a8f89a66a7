/**
 * Wake-up times are minutes of the hotel's local time, kept as a date and `HH:MM` with the hotel's
 * offset from UTC (the wake-up settings' time zone: a fixed offset, as the hotels of the product are
 * in China, which has no daylight saving).
 */
export function localMoment(date: string, time: string, utcOffset: string): Date {
  return new Date(`${date}T${time}:00${utcOffset}`);
}

const offsetMinutes = (utcOffset: string) => {
  const sign = utcOffset.startsWith('-') ? -1 : 1;
  const [h, m] = utcOffset.slice(1).split(':').map(Number) as [number, number];
  return sign * (h * 60 + m);
};

/** A moment as the hotel's local date and `HH:MM`. */
export function localDateTime(at: Date, utcOffset: string): { date: string; time: string } {
  const local = new Date(at.getTime() + offsetMinutes(utcOffset) * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The date after a local date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
