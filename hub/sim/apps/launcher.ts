/** The home screen: one icon per app in a four-column grid; tapping an icon launches the app. */
import { REF_WIDTH, root } from "./layout.js";
import type { AppSpec, NodeSpec } from "./types.js";

export const LAUNCHER_PACKAGE = "com.droidhub.launcher";

const COLUMNS = 4;
const CELL_WIDTH = REF_WIDTH / COLUMNS;
const CELL_HEIGHT = 320;
const GRID_TOP = 360;

export function makeLauncher(apps: readonly AppSpec[]): AppSpec {
  const icons: NodeSpec[] = apps.map((app, i) => {
    const left = (i % COLUMNS) * CELL_WIDTH;
    const top = GRID_TOP + Math.floor(i / COLUMNS) * CELL_HEIGHT;
    return {
      cls: "android.widget.TextView",
      id: "app_icon",
      text: app.label,
      desc: app.label,
      bounds: [left + 16, top, left + CELL_WIDTH - 16, top + CELL_HEIGHT - 20],
      clickable: true,
      longClickable: true,
      focusable: true,
      onTap: { kind: "launch", app: app.id },
    };
  });
  return {
    id: "launcher",
    pkg: LAUNCHER_PACKAGE,
    label: "Home",
    version: "1.0",
    system: true,
    color: "#202124",
    start: "home",
    screens: {
      home: {
        id: "home",
        activity: ".Launcher",
        root: root([
          { cls: "android.view.ViewGroup", id: "workspace", bounds: [0, GRID_TOP, REF_WIDTH, 2280], children: icons },
        ]),
      },
    },
  };
}
