/**
 * The store port for what the hub remembers of a phone across restarts: what it reported (info),
 * its tags, its fleet health and when it was last seen. Its enrolment (the secret it joins with)
 * is a credential: gateway/ports.ts. `hub/store` implements both.
 */
import type { DeviceInfo } from "./types.js";

export interface DeviceHealth {
  quarantined: boolean;
  draining: boolean;
  infraFailures: number;
}

/** What a phone reports of itself; the Mobilerun dialect adds the name and country from its headers. */
export type ReportedInfo = DeviceInfo & { name?: string; country?: string };

export interface DeviceRecord {
  id: string;
  /** What it last reported; undefined for a phone enrolled but never heard from. */
  info: DeviceInfo | undefined;
  tags: string[];
  lastSeenAt: number;
  health: DeviceHealth;
}

export interface DeviceStore {
  /** Every remembered phone (a starting hub lists them as offline until they join). */
  list(): Promise<DeviceRecord[]>;
  /** What a phone reported as it joined, and that it was seen now. A phone with no record is left alone. */
  touch(id: string, info: ReportedInfo): Promise<void>;
  setTags(id: string, tags: string[]): Promise<void>;
  setHealth(id: string, health: DeviceHealth): Promise<void>;
  /** Forgets a phone: its record and its enrolment. It can join again only with a fleet key, as a new phone. */
  forget(id: string): Promise<void>;
}

/** Device writes recorded on a unit of the write path (runs/ports.ts `Commits`). */
export interface DeviceWrites {
  /** A run's end changed the phone's health: written with the run's end. */
  setHealth(id: string, health: DeviceHealth): void;
}
