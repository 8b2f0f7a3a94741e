/** How the virtual phone draws its apps: each app's accent and launcher icon colour, by package and label. */
import { APPS } from "../apps/index.js";
import type { SvgStyle } from "../render/svg.js";

const appColors = new Map<string, string>(APPS.map((a) => [a.pkg, a.color]));
const iconColors = new Map<string, string>(APPS.map((a) => [a.label, a.color]));

export const RENDER_STYLE: SvgStyle = {
  accentOf: (pkg) => appColors.get(pkg),
  iconColorOf: (label) => iconColors.get(label),
};
