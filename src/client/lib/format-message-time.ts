const HOUR = 3_600_000;

/**
 * 001 §9 message times: the time alone under 24 hours, weekday and time under 7 days, else the
 * date and time.
 */
export function formatMessageTime(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  const age = now - date.getTime();
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (age < 24 * HOUR) return time;
  if (age < 168 * HOUR) return `${date.toLocaleDateString('en-US', { weekday: 'short' })} ${time}`;
  return `${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })} ${time}`;
}
