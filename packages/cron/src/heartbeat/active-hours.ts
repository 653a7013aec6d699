/** Whether a moment falls inside a daily window ("09:00"–"18:00") in a time zone. */
import { checkTimeZone } from "../schedule/next-run.js";

export interface ActiveHours {
  /** "HH:MM", 24-hour. */
  start: string;
  /** "HH:MM"; "24:00" is the end of the day. A window may cross midnight (22:00–06:00). */
  end: string;
  /** IANA zone; undefined, "local" or "user" mean the host's zone. */
  timezone?: string;
}

const minutesOf = (hhmm: string): number => {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`activeHours: "${hhmm}" is not a 24-hour "HH:MM" time`);
  return Number(match[1]) * 60 + Number(match[2]);
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function minuteOfDay(atMs: number, timeZone: string | undefined): number {
  const key = timeZone ?? "";
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, format);
  }
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(atMs)) {
    if (part.type === "hour") hour = Number(part.value);
    if (part.type === "minute") minute = Number(part.value);
  }
  return hour * 60 + minute;
}

/** Throws when the window's times or zone are unusable. */
export function checkActiveHours(hours: ActiveHours): void {
  minutesOf(hours.start);
  minutesOf(hours.end);
  const zone = resolveZone(hours.timezone);
  if (zone) checkTimeZone(zone);
}

const resolveZone = (tz: string | undefined) =>
  tz === undefined || tz === "local" || tz === "user" ? undefined : tz;

/**
 * @example
 * isWithinActiveHours(Date.parse("2026-06-01T18:30:00Z"), { start: "09:00", end: "18:00", timezone: "UTC" }); // → false
 */
export function isWithinActiveHours(atMs: number, hours: ActiveHours | undefined): boolean {
  if (!hours) return true;
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start === end) return true;
  const now = minuteOfDay(atMs, resolveZone(hours.timezone));
  return start < end ? now >= start && now < end : now >= start || now < end;
}
