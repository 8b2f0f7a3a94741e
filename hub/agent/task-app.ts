/**
 * The app a task is about: the one it names, else the one the phone showed when the run started
 * (unless that was a home screen). Recovery restarts this app — never the launcher a careless "back"
 * left the phone on — and a run that ends up outside it notices (see the recovery ladder's
 * "left-app"). Apps the agent itself chose to go to (start_app, the browser an open_url brought up)
 * and passing system screens (keyboard, status bar, permission dialogs) do not count as leaving.
 */

/** Home screens by package: AOSP's Launcher3, Pixel, Samsung, MIUI, the virtual phone's. */
const HOME_SCREEN = /launcher|\.home$|trebuchet|lawnchair/i;
/** Screens that pass over any app: the keyboard, the status bar, permission prompts, the app chooser. */
const PASSING = /inputmethod|keyboard|^com\.android\.systemui$|permissioncontroller|packageinstaller|^android$/i;

export class TaskApp {
  #package: string | undefined;
  readonly #chosen = new Set<string>();

  constructor(named?: string) {
    this.#package = named || undefined;
  }

  /** The app recovery restarts; undefined when the task named none and started on a home screen. */
  get package(): string | undefined {
    return this.#package;
  }

  /** The run's first screen: a task that names no app is about the one it started in. */
  started(pkg: string): void {
    if (this.#package === undefined && pkg && !HOME_SCREEN.test(pkg) && !PASSING.test(pkg)) this.#package = pkg;
  }

  /** The agent chose to go to `pkg`: being there is not leaving the task. */
  chose(pkg: string): void {
    if (pkg) this.#chosen.add(pkg);
  }

  /** `pkg` when the phone shows it instead of the task's app, else undefined. */
  outside(pkg: string): string | undefined {
    if (this.#package === undefined || !pkg || pkg === this.#package) return undefined;
    return this.#chosen.has(pkg) || PASSING.test(pkg) ? undefined : pkg;
  }
}
