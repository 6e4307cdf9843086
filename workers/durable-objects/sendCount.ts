/**
 * A person's chat sends still inside the send limit's window, in memory (ADR 037): an object is only evicted after it
 * has been idle, by which time every counted send has left the 10-s window. Taking a slot never awaits, so two rooms
 * sending at once cannot both take the last one (the object runs one call at a time between awaits).
 */
export class SendCount {
  times: number[] = [];

  /** One of `max` sends per `windowMs` taken at `now`; false when the window is full. */
  take(now: number, max: number, windowMs: number): boolean {
    this.times = this.times.filter((t) => t > now - windowMs);
    if (this.times.length >= max) return false;
    this.times.push(now);
    return true;
  }

  /** The counted sends as if `ms` had passed (tests that send more than the limit allows in one window). */
  age(ms: number) {
    this.times = this.times.map((t) => t - ms);
  }
}
