package dev.droidhub.portal.device

import android.accessibilityservice.AccessibilityService
import android.content.ClipData
import android.content.ClipboardManager
import android.content.Context
import android.graphics.Rect
import android.os.Build
import android.os.Bundle
import android.view.accessibility.AccessibilityNodeInfo
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.portal.core.TextComposer
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.UiNode

/**
 * Types text without a custom keyboard. ACTION_SET_TEXT takes any Unicode string, so Cyrillic, CJK
 * and emoji go in whole; some apps (web views, custom editors) ignore it, and then the text goes
 * through the clipboard and ACTION_PASTE. The user's clipboard is restored afterwards.
 */
class TextInput(private val service: AccessibilityService) {
    fun type(target: UiNode?, text: String, clearFirst: Boolean, submit: Boolean): CommandResult {
        val node = (if (target != null) find(target) else focusedInput())
            ?: return CommandResult.Failed(
                ErrorCode.ERROR_CODE_NODE_NOT_FOUND,
                if (target != null) "the target node is gone from the screen" else "no focused input field",
            )
        try {
            if (!node.isEditable) return CommandResult.invalid("the target node is not editable")
            val existing = node.text?.toString()
            val showingHint = Build.VERSION.SDK_INT >= 26 && node.isShowingHintText
            val wanted = TextComposer.compose(existing, showingHint, text, clearFirst)
            if (text.isNotEmpty() || clearFirst) {
                if (!setText(node, wanted) && !paste(node, wanted)) {
                    return CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "the field accepts neither set-text nor paste")
                }
            }
            if (submit) return imeEnter(node)
            return CommandResult.Done
        } finally {
            release(node)
        }
    }

    /** One backspace in the focused field. */
    fun deleteBackward(): CommandResult {
        val node = focusedInput() ?: return CommandResult.Failed(ErrorCode.ERROR_CODE_NODE_NOT_FOUND, "no focused input field")
        try {
            val showingHint = Build.VERSION.SDK_INT >= 26 && node.isShowingHintText
            val current = if (showingHint) "" else node.text?.toString().orEmpty()
            return if (setText(node, TextComposer.deleteLast(current))) CommandResult.Done
            else CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "the field refused set-text")
        } finally {
            release(node)
        }
    }

    fun imeEnterOnFocused(): CommandResult {
        val node = focusedInput() ?: return CommandResult.Failed(ErrorCode.ERROR_CODE_NODE_NOT_FOUND, "no focused input field")
        try {
            return imeEnter(node)
        } finally {
            release(node)
        }
    }

    private fun imeEnter(node: AccessibilityNodeInfo): CommandResult {
        if (Build.VERSION.SDK_INT < 30) {
            return CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "enter needs API 30 (ACTION_IME_ENTER)")
        }
        val ok = node.performAction(AccessibilityNodeInfo.AccessibilityAction.ACTION_IME_ENTER.id)
        return if (ok) CommandResult.Done else CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "the field has no IME action")
    }

    private fun setText(node: AccessibilityNodeInfo, text: String): Boolean {
        val args = Bundle().apply {
            putCharSequence(AccessibilityNodeInfo.ACTION_ARGUMENT_SET_TEXT_CHARSEQUENCE, text)
        }
        if (!node.performAction(AccessibilityNodeInfo.ACTION_SET_TEXT, args)) return false
        // Some views report success and then drop the text; check unless it is masked.
        if (node.isPassword || !node.refresh()) return true
        return node.text?.toString() == text
    }

    private fun paste(node: AccessibilityNodeInfo, text: String): Boolean {
        val clipboard = service.getSystemService(Context.CLIPBOARD_SERVICE) as ClipboardManager
        val previous = try {
            clipboard.primaryClip
        } catch (e: SecurityException) {
            null // API 29+: background reads are refused; nothing to restore
        }
        clipboard.setPrimaryClip(ClipData.newPlainText("droidhub", text))
        try {
            node.performAction(AccessibilityNodeInfo.ACTION_FOCUS)
            // Select everything first so the paste replaces rather than inserts.
            val all = Bundle().apply {
                putInt(AccessibilityNodeInfo.ACTION_ARGUMENT_SELECTION_START_INT, 0)
                putInt(AccessibilityNodeInfo.ACTION_ARGUMENT_SELECTION_END_INT, node.text?.length ?: 0)
            }
            node.performAction(AccessibilityNodeInfo.ACTION_SET_SELECTION, all)
            return node.performAction(AccessibilityNodeInfo.ACTION_PASTE)
        } finally {
            if (previous != null) clipboard.setPrimaryClip(previous)
        }
    }

    private fun focusedInput(): AccessibilityNodeInfo? =
        service.findFocus(AccessibilityNodeInfo.FOCUS_INPUT)

    /** Finds the live node that the tree entry describes: same bounds and class, searched breadth-first. */
    private fun find(target: UiNode): AccessibilityNodeInfo? {
        val want = Rect(target.bounds.left, target.bounds.top, target.bounds.right, target.bounds.bottom)
        for (window in service.windows) {
            val root = window.root ?: continue
            val queue = ArrayDeque<AccessibilityNodeInfo>().apply { add(root) }
            var found: AccessibilityNodeInfo? = null
            while (queue.isNotEmpty()) {
                val n = queue.removeFirst()
                val r = Rect().also { n.getBoundsInScreen(it) }
                if (found == null && r == want && n.className?.toString() == target.className) {
                    found = n
                    continue
                }
                if (found == null) for (i in 0 until n.childCount) n.getChild(i)?.let { queue.add(it) }
                release(n)
            }
            if (found != null) return found
        }
        return null
    }

    @Suppress("DEPRECATION")
    private fun release(node: AccessibilityNodeInfo) {
        if (Build.VERSION.SDK_INT < 33) node.recycle()
    }
}
