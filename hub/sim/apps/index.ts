/** The catalogue of virtual apps, shared by every virtual device in the process. */
import { browserApp } from "./browser.js";
import { makeLauncher } from "./launcher.js";
import { loginApp } from "./login.js";
import { loginCaptchaApp, loginOtpApp } from "./login-walls.js";
import { settingsApp } from "./settings.js";
import type { AppSpec } from "./types.js";

export { normalizeAddress, pageFor } from "./browser.js";
export { LAUNCHER_PACKAGE } from "./launcher.js";
export { CORRECT_PASSWORD } from "./login.js";
export { CAPTCHA_TEXT, OTP_CODE } from "./login-walls.js";
export { SETTINGS_ROW_HEIGHT, SETTINGS_ROWS } from "./settings.js";
export { KEYBOARD_PACKAGE, SYSTEMUI_PACKAGE } from "./system.js";
export type * from "./types.js";

const LAUNCHABLE: readonly AppSpec[] = [loginApp, settingsApp, browserApp];
/** Installed but not on the launcher (the home screen stays as it was): started by package. */
const WALLED: readonly AppSpec[] = [loginOtpApp, loginCaptchaApp];

export const LAUNCHER_APP: AppSpec = makeLauncher(LAUNCHABLE);

/** Every app a virtual device has installed, launcher first. */
export const APPS: readonly AppSpec[] = [LAUNCHER_APP, ...LAUNCHABLE, ...WALLED];

const byKey = new Map<string, AppSpec>();
for (const app of APPS) {
  byKey.set(app.id, app);
  byKey.set(app.pkg, app);
}

/** Finds an app by its short id ("login") or its package name ("com.droidhub.login"). */
export function findApp(idOrPackage: string): AppSpec | undefined {
  return byKey.get(idOrPackage);
}

/** Short ids of every installed app ("launcher", "login", "settings", "browser"). */
export function listApps(): string[] {
  return APPS.map((app) => app.id);
}
