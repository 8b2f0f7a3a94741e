/**
 * Input on a live screen image: a click taps, a drag swipes, keys typed while the image has focus go
 * to the phone (text as input, Enter and Backspace as keys). The image shows the screen scaled, so a
 * point maps to device pixels through the image's box. Used by the device page and a run's takeover.
 */

/** Maps a client point on `box` (the image's bounding box) to a device pixel, clamped to the screen. */
export function toDevicePoint(box, screen, point) {
  const x = Math.round(((point.clientX - box.left) / box.width) * screen.width);
  const y = Math.round(((point.clientY - box.top) / box.height) * screen.height);
  return {
    x: Math.min(screen.width - 1, Math.max(0, x)),
    y: Math.min(screen.height - 1, Math.max(0, y)),
  };
}

/**
 * Wires `image` so input becomes actions for `act(action, label)`. `screenOf()` answers the phone's
 * screen size (undefined while unknown: input is ignored); `enabled()` gates every action.
 */
export function attachScreenInput(image, { screenOf, act, enabled = () => true }) {
  // A press that moved more than a few pixels is a swipe; otherwise the click that follows is a tap.
  let pressed;
  let dragged = false;
  const ready = () => enabled() && screenOf() !== undefined;
  image.addEventListener("pointerdown", (event) => {
    pressed = { clientX: event.clientX, clientY: event.clientY };
    dragged = false;
  });
  image.addEventListener("pointerup", (event) => {
    if (!pressed || !ready()) return;
    const moved = Math.hypot(event.clientX - pressed.clientX, event.clientY - pressed.clientY);
    if (moved > 8) {
      dragged = true;
      const box = image.getBoundingClientRect();
      const from = toDevicePoint(box, screenOf(), pressed);
      const to = toDevicePoint(box, screenOf(), event);
      act({ action: "swipe", from_x: from.x, from_y: from.y, to_x: to.x, to_y: to.y }, "Swipe");
    }
    pressed = undefined;
  });
  image.addEventListener("click", (event) => {
    if (dragged || !ready() || !image.naturalWidth) return;
    const { x, y } = toDevicePoint(image.getBoundingClientRect(), screenOf(), event);
    act({ action: "tap", x, y }, `Tap ${x},${y}`);
  });
  image.tabIndex = 0;
  image.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !ready()) return;
    if (event.key === "Enter") act({ action: "key", key: "enter" }, "enter");
    else if (event.key === "Backspace") act({ action: "key", key: "delete" }, "delete");
    else if (event.key.length === 1) act({ action: "input", text: event.key }, `Type ${event.key}`);
    else return;
    event.preventDefault();
  });
}
