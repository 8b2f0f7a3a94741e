/** Every Redis key and channel the cluster uses, in one place (one prefix, so a Redis may be shared). */
const PREFIX = "droidhub:";

export const keys = {
  /** "<hubId> <epoch>" with a time limit: which hub holds the phone's socket, under which epoch. */
  owner: (deviceId: string) => `${PREFIX}owner:${deviceId}`,
  /** The phone's epoch counter (INCR): the fencing token of each ownership. */
  epoch: (deviceId: string) => `${PREFIX}epoch:${deviceId}`,
  /** A hub's registration (JSON) with a time limit. */
  hub: (hubId: string) => `${PREFIX}hub:${hubId}`,
  hubPattern: `${PREFIX}hub:*`,
  ownerPattern: `${PREFIX}owner:*`,
  /** Taken by the one hub that interrupts a dead hub's runs. */
  reap: (hubId: string) => `${PREFIX}reap:${hubId}`,
  /** Held by the one hub that requeues stranded tasks this round. */
  strandedSweep: `${PREFIX}reap-stranded`,
  /** Requests for a hub (operator calls forwarded to the phone's owner). */
  requests: (hubId: string) => `${PREFIX}rpc:${hubId}`,
  /** Answers to the requests a hub sent. */
  replies: (hubId: string) => `${PREFIX}reply:${hubId}`,
  /** Fleet and run events, for every hub's SSE and the wake-ups. */
  events: `${PREFIX}events`,
  /** A phone's live frames and notices, from the hub that holds it to the hubs whose viewers watch it. */
  live: (deviceId: string) => `${PREFIX}live:${deviceId}`,
  livePrefix: `${PREFIX}live:`,
  /** "Hub H watches phone D" (or stops), renewed while it does: the holder relays D's stream. */
  liveWatch: `${PREFIX}live-watch`,
};
