/** Android class names → the short tags the model reads. */
import { shortClass } from "./text.js";

export interface TagInput {
  className: string;
  editable: boolean;
  checkable: boolean;
  scrollable: boolean;
  clickable: boolean;
}

const BY_CLASS: ReadonlyArray<readonly [RegExp, string]> = [
  [/WebView$/, "WebView"],
  [/(Switch|SwitchCompat|SwitchMaterial|ToggleButton)$/, "Switch"],
  [/RadioButton$/, "Radio"],
  [/(CheckBox|CheckedTextView)$/, "CheckBox"],
  [/ImageButton$/, "ImageButton"],
  [/(Button|Chip|Fab|FloatingActionButton)$/, "Button"],
  [/(EditText|AutoCompleteTextView|SearchAutoComplete)$/, "EditText"],
  [/(SeekBar|Slider|RatingBar)$/, "Slider"],
  [/ProgressBar$/, "Progress"],
  [/Spinner$/, "Spinner"],
  [/(RecyclerView|ListView|GridView|AbsListView)$/, "List"],
  [/(ScrollView|NestedScrollView)$/, "Scroll"],
  [/ViewPager2?$/, "Pager"],
  [/(TabView|TabWidget|Tab)$/, "Tab"],
  [/(ImageView|Image)$/, "Image"],
  [/(TextView|Text)$/, "Text"],
];

export function tagFor(n: TagInput): string {
  const cls = shortClass(n.className);
  if (n.editable) return "EditText";
  for (const [re, tag] of BY_CLASS) if (re.test(cls)) return tag;
  if (n.checkable) return "CheckBox";
  if (n.scrollable) return "List";
  // Layouts and Compose `View`s that take clicks are list rows, cards, icons: call them items.
  if (n.clickable) return "Item";
  return "View";
}
