/** Stopping a child process as a supervisor does: a polite signal, a grace period, then SIGKILL. */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface StopOptions {
  /** The polite signal: SIGTERM by default (PostgreSQL's fast shutdown is SIGINT). */
  signal?: NodeJS.Signals;
  /** How long the child may take to exit before SIGKILL. */
  graceMs?: number;
  /** Signal the child's whole process group (a `detached` child such as npm and the node it starts). */
  group?: boolean;
}

/** Sends `signal`, then SIGKILL after `graceMs` if the child still runs, and resolves once it has exited. */
export async function stopChild(
  child: ChildProcess,
  { signal = 'SIGTERM', graceMs = 10_000, group = false }: StopOptions = {},
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  const send = (sent: NodeJS.Signals) => {
    if (group && child.pid !== undefined) {
      try {
        process.kill(-child.pid, sent);
      } catch {
        // The group is already gone: the 'exit' event follows.
      }
    } else child.kill(sent);
  };
  send(signal);
  const timer = setTimeout(() => send('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
