package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.WindowType
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

class TreeFlattenerTest {
    private fun sample() = FakeNode(
        "android.widget.FrameLayout",
        children = listOf(
            FakeNode("android.widget.LinearLayout", children = listOf(FakeNode("android.widget.TextView", "Привет"), FakeNode("android.widget.Button", "OK", clickable = true))),
            FakeNode("android.widget.EditText", editable = true),
        ),
    )

    @Test
    fun `pre-order list with parent indexes and depths`() {
        val root = sample()
        val flat = TreeFlattener().flatten(listOf(FakeWindow(5, WindowType.WINDOW_TYPE_APPLICATION, 1, true, root)), allWindows = false)
        val nodes = flat.nodes
        assertEquals(listOf("FrameLayout", "LinearLayout", "TextView", "Button", "EditText"), nodes.map { it.className.substringAfterLast('.') })
        assertEquals(listOf(-1, 0, 1, 1, 0), nodes.map { it.parent })
        assertEquals(listOf(0, 1, 2, 2, 1), nodes.map { it.depth })
        assertEquals("Привет", nodes[2].text)
        assertTrue(nodes[3].clickable)
        assertTrue(nodes[4].editable)
        assertTrue(nodes.all { it.windowId == 5 })
        assertEquals("com.example", flat.windows.single().packageName)
        assertFalse(flat.truncated)
    }

    @Test
    fun `every node is released exactly once`() {
        val root = sample()
        TreeFlattener().flatten(listOf(FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, root)), true)
        assertTrue(root.all().all { it.released == 1 })
    }

    @Test
    fun `all windows top layer first, or only the active application window`() {
        val app = FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, FakeNode("App"))
        val ime = FakeWindow(2, WindowType.WINDOW_TYPE_INPUT_METHOD, 5, false, FakeNode("Keyboard", packageName = "com.ime"))
        val bar = FakeWindow(3, WindowType.WINDOW_TYPE_SYSTEM, 9, false, FakeNode("StatusBar"))
        val all = TreeFlattener().flatten(listOf(app, ime, bar), allWindows = true)
        assertEquals(listOf(3, 2, 1), all.windows.map { it.id })
        assertEquals(listOf("StatusBar", "Keyboard", "App"), all.nodes.map { it.className })
        assertEquals(listOf(-1, -1, -1), all.nodes.map { it.parent })
        val active = TreeFlattener().flatten(listOf(app, ime, bar), allWindows = false)
        assertEquals(listOf(1), active.windows.map { it.id })
    }

    @Test
    fun `limits cut a runaway tree and say so, still releasing everything`() {
        val wide = FakeNode("Root", children = List(50) { FakeNode("Leaf$it") })
        val flat = TreeFlattener(maxNodes = 10).flatten(listOf(FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, wide)), true)
        assertEquals(10, flat.nodes.size)
        assertTrue(flat.truncated)
        assertTrue(wide.all().all { it.released == 1 })

        var deep = FakeNode("L0")
        for (i in 1..300) deep = FakeNode("L$i", children = listOf(deep))
        val cut = TreeFlattener(maxDepth = 128).flatten(listOf(FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, deep)), true)
        assertEquals(129, cut.nodes.size)
        assertTrue(cut.truncated)
    }

    @Test
    fun `the truncated flag reaches the encoded UiTree the hub reads`() {
        val wide = FakeNode("Root", children = List(20) { FakeNode("Leaf$it") })
        val window = listOf(FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, wide))
        fun wire(flattener: TreeFlattener): Envelope {
            val tree = flattener.flatten(window, true).toTree().setForegroundPackage("com.example").build()
            val frame = Envelope.newBuilder().setReplyTo(9).setResult(CommandResult.Ui(tree).toProto(3)).build().toByteArray()
            return Envelope.parseFrom(frame)
        }
        val cut = wire(TreeFlattener(maxNodes = 5)).result.ui
        assertTrue(cut.truncated)
        assertEquals(5, cut.nodesCount)
        val whole = wire(TreeFlattener()).result.ui
        assertFalse(whole.truncated)
        assertEquals(21, whole.nodesCount)
    }

    @Test
    fun `a typical screen flattens well under the 100 ms budget`() {
        // ~1,000 nodes, wider and deeper than most real screens.
        fun grow(depth: Int): FakeNode = FakeNode("V$depth", "t", children = if (depth == 0) emptyList() else List(3) { grow(depth - 1) })
        val root = grow(6)
        val window = listOf(FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, root))
        repeat(20) { TreeFlattener().flatten(window, true) } // warm up the JIT
        val started = System.nanoTime()
        val flat = TreeFlattener().flatten(window, true)
        val ms = (System.nanoTime() - started) / 1_000_000
        assertEquals(1093, flat.nodes.size)
        assertTrue("took $ms ms", ms < 100)
    }
}
