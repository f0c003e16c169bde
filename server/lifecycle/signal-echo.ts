/**
 * How soon after a stop signal the same signal counts as that stop delivered
 * again rather than a second request to exit now. A signal sent to a process
 * group (systemd's default KillMode, `docker stop` of a shell-form CMD, Ctrl-C
 * in a terminal) reaches every process in it, and a parent in the group that
 * passes signals on to its child (tsx does; so can a wrapper script) delivers
 * it to the server a second time, milliseconds later. Taken as a second signal, that echo would
 * drop every request in flight.
 */
export const SIGNAL_ECHO_MS = 1_000;

/**
 * Remembers how the stop began, and tells an echo of it from a real second
 * signal: the same signal within SIGNAL_ECHO_MS, or any stop signal within
 * SIGNAL_ECHO_MS of a stop asked for without one (a cluster worker that the
 * primary asked to drain, then reached by the group's SIGTERM itself).
 */
export function signalEcho(now: () => number = Date.now) {
  let first: { signal: NodeJS.Signals | undefined; at: number } | undefined;
  return {
    /** Record how the stop began: a signal, or undefined for a request without one. */
    first(signal: NodeJS.Signals | undefined): void {
      first ??= { signal, at: now() };
    },
    /** A signal that is the stop already under way delivered again. */
    isEcho(signal: NodeJS.Signals): boolean {
      return first !== undefined && (first.signal === undefined || first.signal === signal) && now() - first.at < SIGNAL_ECHO_MS;
    },
  };
}
