/** A settings app whose main list (48 rows) is far taller than the screen, so it must be scrolled. */
import { APP_BAR_BOTTOM, appBar, REF_HEIGHT, REF_WIDTH, root, text } from "./layout.js";
import type { AppSpec, RowSpec } from "./types.js";

const SECTIONS: readonly [string, string][] = [
  ["Network & internet", "Mobile, Wi‑Fi, hotspot"],
  ["Connected devices", "Bluetooth, pairing"],
  ["Apps", "Recent apps, default apps"],
  ["Notifications", "Notification history, conversations"],
  ["Battery", "87%"],
  ["Storage", "41% used - 75.2 GB free"],
  ["Sound & vibration", "Volume, haptics, Do Not Disturb"],
  ["Display", "Dark theme, font size, brightness"],
  ["Wallpaper & style", "Colours, themed icons"],
  ["Accessibility", "Display, interaction, audio"],
  ["Security & privacy", "App security, device lock"],
  ["Location", "On - 3 apps have access"],
  ["Safety & emergency", "Emergency SOS, medical info"],
  ["Passwords & accounts", "Saved passwords, autofill"],
  ["Digital Wellbeing", "Screen time, app timers"],
  ["Google", "Services & preferences"],
  ["System", "Languages, gestures, time, backup"],
  ["Tips & support", "Help articles, phone & chat"],
  ["Keyboard", "On-screen keyboard, tools"],
  ["Languages", "System languages, app languages"],
  ["Date & time", "Automatic, time zone"],
  ["Backup", "On"],
  ["Reset options", "Reset Wi‑Fi, apps, everything"],
  ["Multiple users", "Signed in as Owner"],
  ["Developer options", "Debugging, animations"],
  ["Gestures", "Quick tap, swipe for notifications"],
  ["Printing", "1 print service on"],
  ["Data saver", "Off"],
  ["Hotspot & tethering", "Off"],
  ["VPN", "None"],
  ["Private DNS", "Automatic"],
  ["SIM cards", "Carrier One"],
  ["Lock screen", "Show all notification content"],
  ["Screen timeout", "After 30 seconds of inactivity"],
  ["Font size", "Default"],
  ["Emergency alerts", "Extreme threats, AMBER alerts"],
  ["App pinning", "Off"],
  ["Default apps", "Browser, phone, SMS"],
  ["Special app access", "3 apps can use unrestricted data"],
  ["Regulatory labels", "FCC ID, certifications"],
];

const TOGGLES: readonly [string, string][] = [
  ["Wi‑Fi", "settings.wifi"],
  ["Bluetooth", "settings.bluetooth"],
  ["Airplane mode", "settings.airplane"],
  ["Dark theme", "settings.dark"],
  ["Auto-rotate screen", "settings.rotate"],
  ["Battery Saver", "settings.saver"],
  ["NFC", "settings.nfc"],
];

function buildRows(): readonly RowSpec[] {
  const rows: RowSpec[] = TOGGLES.map(([title, key]) => ({ title, summary: "Tap to turn on or off", toggle: key }));
  for (const [title, summary] of SECTIONS)
    rows.push({ title, summary, onTap: { kind: "push", screen: "detail", arg: title } });
  rows.push({
    title: "About phone",
    summary: "Virtual Phone",
    onTap: { kind: "push", screen: "detail", arg: "About phone" },
  });
  return rows;
}

export const SETTINGS_ROWS: readonly RowSpec[] = buildRows();
export const SETTINGS_ROW_HEIGHT = 200;

const top = APP_BAR_BOTTOM;

export const settingsApp: AppSpec = {
  id: "settings",
  pkg: "com.droidhub.settings",
  label: "Settings",
  version: "14",
  system: true,
  color: "#1a73e8",
  start: "main",
  screens: {
    main: {
      id: "main",
      activity: ".SettingsActivity",
      root: root([
        appBar("Settings", false),
        {
          cls: "androidx.recyclerview.widget.RecyclerView",
          id: "recycler_view",
          bounds: [0, top, REF_WIDTH, REF_HEIGHT],
          focusable: true,
          list: { rowHeight: SETTINGS_ROW_HEIGHT, rows: SETTINGS_ROWS },
        },
      ]),
    },
    detail: {
      id: "detail",
      activity: ".SubSettingsActivity",
      params: (arg) => ({
        summary: arg === "About phone" ? "Virtual Phone · Android 14 (SDK 34) · droidhub" : `Options for ${arg}`,
      }),
      root: root([
        appBar("{arg}", true),
        text("summary", "{summary}", [64, top + 64, 1016, top + 160]),
        text("empty", "Nothing else to change here.", [64, top + 200, 1016, top + 280]),
      ]),
    },
  },
};
