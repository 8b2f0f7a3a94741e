/**
 * Every live feed of one hub, by device id: `watch()` adds a viewer (starting the phone's stream
 * when it is the first), the returned function removes it (stopping the stream after the last).
 */

import type { StreamSettings } from "../devices/screen-stream.js";
import type { DeviceSession, ScreenRect } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { type FeedOptions, type FeedStats, LiveFeed } from "./live-feed.js";
import { Viewer, type ViewerSocket } from "./viewer.js";

/** What the feeds need from the registry. */
export interface SessionLookup {
  /** The live session, or DEVICE_NOT_FOUND / DEVICE_OFFLINE. */
  requireSession(id: string): DeviceSession;
  /** Where the run holding the phone has secrets on the screen `tree` describes (device pixels). */
  secretsOn?(id: string, tree: droidhub.v1.IUiTree): ScreenRect[];
  /** Whether that run has any secret to look for (absent: assume it may, when secretsOn is there). */
  runHides?(id: string): boolean;
}

/**
 * Phones whose screens another hub of the cluster streams (cluster/live-relay.ts): a viewer here of
 * a phone that hub holds gets that hub's (already masked) frames.
 */
export interface RemoteScreens {
  /** Whether another hub holds the phone now. */
  holds(deviceId: string): boolean;
  /** Adds a viewer of a phone another hub holds; the answer removes it. */
  watch(deviceId: string, viewer: Viewer): () => void;
}

export interface LiveOptions extends FeedOptions {
  /** Bytes a viewer may fall behind before its frames are dropped. */
  viewerBufferBytes: number;
  /** Viewers of one phone at most (each holds up to viewerBufferBytes). */
  maxViewersPerDevice: number;
}

/** 720 px wide, JPEG quality 70, 10 fps: the reference stream. */
export const DEFAULT_STREAM_SETTINGS: StreamSettings = Object.freeze({ maxFps: 10, maxWidth: 720, quality: 70 });

export const DEFAULT_LIVE_OPTIONS: LiveOptions = Object.freeze({
  settings: DEFAULT_STREAM_SETTINGS,
  creditWindow: 2,
  pollIntervalMs: 1_000,
  restartDelayMs: 1_000,
  creditRetryMs: 100,
  maskTreeMaxAgeMs: 1_000,
  viewerBufferBytes: 1024 * 1024,
  maxViewersPerDevice: 32,
});

export class LiveHub {
  readonly #sessions: SessionLookup;
  readonly #options: LiveOptions;
  readonly #feeds = new Map<string, LiveFeed>();
  /** Cluster mode: the screens of phones other hubs hold. */
  remote: RemoteScreens | undefined;

  constructor(sessions: SessionLookup, options: Partial<LiveOptions> = {}) {
    this.#sessions = sessions;
    this.#options = { ...DEFAULT_LIVE_OPTIONS, ...options };
  }

  /** Refuses before any upgrade: an unknown or offline phone, or one with every viewer seat taken. */
  check(deviceId: string): void {
    if (this.#elsewhere(deviceId)) return;
    this.#sessions.requireSession(deviceId);
    const viewers = this.#feeds.get(deviceId)?.viewers.size ?? 0;
    if (viewers >= this.#options.maxViewersPerDevice) {
      throw new HubError("CONFLICT", `device ${deviceId} already has ${viewers} viewers`, {
        details: { deviceId, maxViewers: this.#options.maxViewersPerDevice },
      });
    }
  }

  /** Adds a viewer; call the returned function when its socket closes. */
  watch(deviceId: string, socket: ViewerSocket): { viewer: Viewer; leave: () => void } {
    const remote = this.remote;
    if (remote && this.#elsewhere(deviceId)) {
      const viewer = new Viewer(socket, this.#options.viewerBufferBytes);
      return { viewer, leave: remote.watch(deviceId, viewer) };
    }
    let feed = this.#feeds.get(deviceId);
    if (feed === undefined) {
      const sessions = this.#sessions;
      feed = new LiveFeed(
        deviceId,
        () => sessions.requireSession(deviceId),
        this.#options,
        sessions.secretsOn && {
          any: () => sessions.runHides?.(deviceId) ?? true,
          on: (tree) => sessions.secretsOn?.(deviceId, tree) ?? [],
        },
      );
      this.#feeds.set(deviceId, feed);
    }
    const viewer = new Viewer(socket, this.#options.viewerBufferBytes);
    feed.add(viewer);
    const joined = feed;
    return {
      viewer,
      leave: () => {
        if (joined.remove(viewer) && this.#feeds.get(deviceId) === joined) this.#feeds.delete(deviceId);
      },
    };
  }

  /** A phone another hub holds and this one does not (its viewers here watch that hub's stream). */
  #elsewhere(deviceId: string): boolean {
    if (!this.remote?.holds(deviceId)) return false;
    try {
      this.#sessions.requireSession(deviceId);
      return false;
    } catch {
      return true;
    }
  }

  /** Who watches a phone now (each with its sent and dropped counts and unsent bytes). */
  viewers(deviceId: string): readonly Viewer[] {
    return [...(this.#feeds.get(deviceId)?.viewers ?? [])];
  }

  stats(deviceId: string): FeedStats | undefined {
    return this.#feeds.get(deviceId)?.stats;
  }

  /** How a phone's frames were masked (frame-mask.ts), while it streams. */
  masking(deviceId: string): LiveFeed["masking"] {
    return this.#feeds.get(deviceId)?.masking;
  }

  /** At shutdown: every viewer gets the close code of `reason`. */
  closeAll(reason: HubError): void {
    for (const feed of this.#feeds.values()) feed.close(reason.closeCode, reason.message.slice(0, 120));
    this.#feeds.clear();
  }
}
