package dev.droidhub.portal.device

import android.graphics.Rect
import android.os.Build
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityWindowInfo
import dev.droidhub.portal.core.Box
import dev.droidhub.portal.core.NodeView
import dev.droidhub.portal.core.WindowView
import dev.droidhub.proto.v1.WindowType

/** [NodeView] over a live AccessibilityNodeInfo; reads each property straight from the platform. */
class AccessibilityNodeView(private val node: AccessibilityNodeInfo) : NodeView {
    override val className: String? get() = node.className?.toString()
    override val packageName: String? get() = node.packageName?.toString()
    override val text: String? get() = node.text?.toString()
    override val contentDescription: String? get() = node.contentDescription?.toString()
    override val hintText: String?
        get() = if (Build.VERSION.SDK_INT >= 26) node.hintText?.toString() else null
    override val resourceId: String? get() = node.viewIdResourceName
    override val bounds: Box
        get() {
            val r = Rect()
            node.getBoundsInScreen(r)
            return Box(r.left, r.top, r.right, r.bottom)
        }
    override val clickable: Boolean get() = node.isClickable
    override val longClickable: Boolean get() = node.isLongClickable
    override val focusable: Boolean get() = node.isFocusable
    override val focused: Boolean get() = node.isFocused
    override val editable: Boolean get() = node.isEditable
    override val checkable: Boolean get() = node.isCheckable
    override val checked: Boolean get() = node.isChecked
    override val scrollable: Boolean get() = node.isScrollable
    override val enabled: Boolean get() = node.isEnabled
    override val selected: Boolean get() = node.isSelected
    override val password: Boolean get() = node.isPassword
    override val visible: Boolean get() = node.isVisibleToUser
    override val childCount: Int get() = node.childCount

    override fun child(index: Int): NodeView? = node.getChild(index)?.let { AccessibilityNodeView(it) }

    @Suppress("DEPRECATION")
    override fun release() {
        // From API 33 recycle() is a no-op; before it, unreleased nodes exhaust the pool over hours.
        if (Build.VERSION.SDK_INT < 33) node.recycle()
    }
}

class AccessibilityWindowView(private val window: AccessibilityWindowInfo) : WindowView {
    override val id: Int get() = window.id
    override val type: WindowType get() = windowType(window.type)
    override val title: String?
        get() = if (Build.VERSION.SDK_INT >= 24) window.title?.toString() else null
    override val layer: Int get() = window.layer
    override val active: Boolean get() = window.isActive
    override val focused: Boolean get() = window.isFocused
    override val bounds: Box
        get() {
            val r = Rect()
            window.getBoundsInScreen(r)
            return Box(r.left, r.top, r.right, r.bottom)
        }

    override fun root(): NodeView? = window.root?.let { AccessibilityNodeView(it) }

    companion object {
        fun windowType(type: Int): WindowType = when (type) {
            AccessibilityWindowInfo.TYPE_APPLICATION -> WindowType.WINDOW_TYPE_APPLICATION
            AccessibilityWindowInfo.TYPE_INPUT_METHOD -> WindowType.WINDOW_TYPE_INPUT_METHOD
            AccessibilityWindowInfo.TYPE_SYSTEM -> WindowType.WINDOW_TYPE_SYSTEM
            AccessibilityWindowInfo.TYPE_ACCESSIBILITY_OVERLAY -> WindowType.WINDOW_TYPE_ACCESSIBILITY_OVERLAY
            AccessibilityWindowInfo.TYPE_SPLIT_SCREEN_DIVIDER -> WindowType.WINDOW_TYPE_SPLIT_SCREEN_DIVIDER
            6 /* TYPE_MAGNIFICATION_OVERLAY, API 33 */ -> WindowType.WINDOW_TYPE_MAGNIFICATION_OVERLAY
            else -> WindowType.WINDOW_TYPE_UNSPECIFIED
        }
    }
}
