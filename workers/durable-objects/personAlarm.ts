import type { BellStore } from "./bell";
import type { SessionStore } from "./sessions";

/** The alarm never fires sooner than this from now (a burst of notifications or logins sets it once). */
const MIN_DELAY_MS = 60_000;

/**
 * A person's one alarm, shared by the bell's bound (read: 180 days, unread: 90, the newest 500) and the sessions'
 * expiry: it always holds the earliest of the two, and each run sweeps both and sets the next.
 */
export class PersonAlarm {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly bell: BellStore,
    private readonly sessions: SessionStore,
  ) {}

  /** The alarm at `due` unless one is set already at or before it. */
  async arm(due: number) {
    const set = await this.storage.getAlarm();
    if (set !== null && set <= Math.max(due, Date.now() + MIN_DELAY_MS)) return;
    await this.storage.setAlarm(Math.max(due, Date.now() + MIN_DELAY_MS));
  }

  /** At the oldest notification's due time. */
  async armForBell() {
    const due = this.bell.nextDue();
    if (due !== null) await this.arm(due);
  }

  /** The bell emptied: only the sessions' next expiry is left to wait for. */
  async resetForSessions() {
    await this.storage.deleteAlarm();
    const expiry = this.sessions.nextExpiry();
    if (expiry !== null) await this.arm(expiry);
  }

  /** The bound and the expired sessions, then the alarm for the next one due. */
  async run() {
    const now = Date.now();
    const { nextDue } = this.bell.sweep(now);
    const nextExpiry = this.sessions.sweep(now);
    const next = [nextDue, nextExpiry].filter((t): t is number => t !== null);
    if (next.length) await this.storage.setAlarm(Math.max(Math.min(...next), now + MIN_DELAY_MS));
  }
}
