/**
 * What virtual phones executed: one entry per request a phone actually ran (not those answered from
 * its result cache), by device, command id and kind. Shared by many phones, so a cluster test can
 * check across reconnects and hubs that no command ran twice on a phone. Plain data, so a phone
 * process can send it to its parent.
 */
export interface ExecutedCommand {
  deviceId: string;
  /** The request's envelope id (unique per hub start; see hub/devices/request-ids.ts). */
  id: number;
  /** The request's body: "tap", "getUi", "screenshot", … */
  kind: string;
  atMs: number;
}

export class CommandLog {
  readonly #entries: ExecutedCommand[] = [];

  record(deviceId: string, id: number, kind: string): void {
    this.#entries.push({ deviceId, id, kind, atMs: Date.now() });
  }

  get entries(): readonly ExecutedCommand[] {
    return this.#entries;
  }

  /** Entries whose device and id an earlier entry already had: commands executed twice. */
  repeats(): ExecutedCommand[] {
    return repeatedCommands(this.#entries);
  }
}

/** The entries of `log` that repeat an earlier one's device and command id. */
export function repeatedCommands(log: readonly ExecutedCommand[]): ExecutedCommand[] {
  const seen = new Set<string>();
  const repeated: ExecutedCommand[] = [];
  for (const entry of log) {
    const key = `${entry.deviceId}\u0000${entry.id}`;
    if (seen.has(key)) repeated.push(entry);
    else seen.add(key);
  }
  return repeated;
}
