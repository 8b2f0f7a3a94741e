/** Human names for the protocol's enums, shared by the API, the agents and the CLI. */
import { pb } from "./codec.js";

export const KEY_NAMES = {
  back: pb.Key.KEY_BACK,
  home: pb.Key.KEY_HOME,
  recents: pb.Key.KEY_RECENTS,
  enter: pb.Key.KEY_ENTER,
  delete: pb.Key.KEY_DELETE,
  notifications: pb.Key.KEY_NOTIFICATIONS,
  quick_settings: pb.Key.KEY_QUICK_SETTINGS,
  power_dialog: pb.Key.KEY_POWER_DIALOG,
  lock_screen: pb.Key.KEY_LOCK_SCREEN,
  tab: pb.Key.KEY_TAB,
  search: pb.Key.KEY_SEARCH,
} as const;

export type KeyName = keyof typeof KEY_NAMES;

export const DIRECTIONS = {
  up: pb.Direction.DIRECTION_UP,
  down: pb.Direction.DIRECTION_DOWN,
  left: pb.Direction.DIRECTION_LEFT,
  right: pb.Direction.DIRECTION_RIGHT,
} as const;

export type DirectionName = keyof typeof DIRECTIONS;

export function isKeyName(name: string): name is KeyName {
  return Object.hasOwn(KEY_NAMES, name);
}
