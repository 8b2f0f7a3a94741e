package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Bounds
import dev.droidhub.proto.v1.UiNode
import dev.droidhub.proto.v1.UiTree
import dev.droidhub.proto.v1.Window
import dev.droidhub.proto.v1.WindowType

/**
 * Turns the windows' node trees into the wire form: one pre-order list, each node naming its
 * parent's index (-1 for a window root). Iterative, so a pathological deep tree cannot overflow the
 * stack; bounded by [maxNodes] and [maxDepth] so one broken app cannot produce a 100 MB frame. Every
 * node is released right after it is read, as the platform's node pool expects.
 */
class TreeFlattener(
    private val maxNodes: Int = 5_000,
    private val maxDepth: Int = 128,
) {
    class Flat(val windows: List<Window>, val nodes: List<UiNode>, val truncated: Boolean) {
        /** The wire tree with these windows and nodes; `truncated` tells the hub the list is incomplete. */
        fun toTree(): UiTree.Builder =
            UiTree.newBuilder().addAllWindows(windows).addAllNodes(nodes).setTruncated(truncated)
    }

    private class Pending(val node: NodeView, val parent: Int, val depth: Int)

    fun flatten(windows: List<WindowView>, allWindows: Boolean): Flat {
        val chosen = if (allWindows) windows else listOfNotNull(activeApplication(windows))
        val outWindows = ArrayList<Window>(chosen.size)
        val nodes = ArrayList<UiNode>(256)
        var truncated = false
        // Top-most window first, as a person reads the screen.
        for (w in chosen.sortedByDescending { it.layer }) {
            val root = w.root()
            val pkg = root?.packageName.orEmpty()
            outWindows += window(w, pkg)
            if (root == null) continue
            truncated = walk(root, w.id, nodes) || truncated
        }
        return Flat(outWindows, nodes, truncated)
    }

    private fun walk(root: NodeView, windowId: Int, out: MutableList<UiNode>): Boolean {
        val stack = ArrayDeque<Pending>()
        stack.addLast(Pending(root, -1, 0))
        var truncated = false
        while (stack.isNotEmpty()) {
            val p = stack.removeLast()
            if (out.size >= maxNodes) {
                truncated = true
                p.node.release()
                continue
            }
            val index = out.size
            out += node(p.node, p.parent, p.depth, windowId)
            if (p.depth < maxDepth) {
                // Children pushed in reverse so they pop in order: pre-order overall.
                for (i in p.node.childCount - 1 downTo 0) {
                    p.node.child(i)?.let { stack.addLast(Pending(it, index, p.depth + 1)) }
                }
            } else if (p.node.childCount > 0) {
                truncated = true
            }
            p.node.release()
        }
        return truncated
    }

    private fun node(n: NodeView, parent: Int, depth: Int, windowId: Int): UiNode =
        UiNode.newBuilder()
            .setParent(parent)
            .setWindowId(windowId)
            .setPackageName(n.packageName.orEmpty())
            .setClassName(n.className.orEmpty())
            .setText(n.text.orEmpty())
            .setContentDesc(n.contentDescription.orEmpty())
            .setHint(n.hintText.orEmpty())
            .setResourceId(n.resourceId.orEmpty())
            .setBounds(n.bounds.toProto())
            .setClickable(n.clickable)
            .setLongClickable(n.longClickable)
            .setFocusable(n.focusable)
            .setFocused(n.focused)
            .setEditable(n.editable)
            .setCheckable(n.checkable)
            .setChecked(n.checked)
            .setScrollable(n.scrollable)
            .setEnabled(n.enabled)
            .setSelected(n.selected)
            .setPassword(n.password)
            .setVisible(n.visible)
            .setDepth(depth)
            .build()

    private fun window(w: WindowView, pkg: String): Window =
        Window.newBuilder()
            .setId(w.id)
            .setType(w.type)
            .setTitle(w.title.orEmpty())
            .setLayer(w.layer)
            .setActive(w.active)
            .setFocused(w.focused)
            .setBounds(w.bounds.toProto())
            .setPackageName(pkg)
            .build()

    companion object {
        /** The window the user is working in: the active application window, else the top one. */
        fun activeApplication(windows: List<WindowView>): WindowView? {
            val apps = windows.filter { it.type == WindowType.WINDOW_TYPE_APPLICATION }
            return apps.firstOrNull { it.active } ?: apps.maxByOrNull { it.layer } ?: windows.maxByOrNull { it.layer }
        }
    }
}

fun Box.toProto(): Bounds = Bounds.newBuilder().setLeft(left).setTop(top).setRight(right).setBottom(bottom).build()

fun Bounds.toBox(): Box = Box(left, top, right, bottom)
