package dev.droidhub.portal.core

import dev.droidhub.proto.v1.WindowType

/** Screen rectangle in pixels. */
data class Box(val left: Int, val top: Int, val right: Int, val bottom: Int) {
    val width: Int get() = right - left
    val height: Int get() = bottom - top
    val centerX: Int get() = (left + right) / 2
    val centerY: Int get() = (top + bottom) / 2
    val isEmpty: Boolean get() = right <= left || bottom <= top
}

/**
 * The part of AccessibilityNodeInfo the flattener reads. The Android implementation wraps a live
 * node; tests use plain objects. [release] hands the platform node back (recycle() before API 33).
 */
interface NodeView {
    val className: String?
    val packageName: String?
    val text: String?
    val contentDescription: String?
    val hintText: String?
    val resourceId: String?
    val bounds: Box
    val clickable: Boolean
    val longClickable: Boolean
    val focusable: Boolean
    val focused: Boolean
    val editable: Boolean
    val checkable: Boolean
    val checked: Boolean
    val scrollable: Boolean
    val enabled: Boolean
    val selected: Boolean
    val password: Boolean
    val visible: Boolean
    val childCount: Int

    /** A new view of child [index], or null when the platform lost it meanwhile. */
    fun child(index: Int): NodeView?

    fun release()
}

/** One interactive window (AccessibilityWindowInfo). */
interface WindowView {
    val id: Int
    val type: WindowType
    val title: String?
    val layer: Int
    val active: Boolean
    val focused: Boolean
    val bounds: Box

    /** The window's root node, or null (a window being torn down). Caller releases it. */
    fun root(): NodeView?
}
