package dev.droidhub.portal.core

/**
 * The phone's own password fields, painted over on each live stream frame before it is encoded
 * (StreamFrame.painted), so the hub need not decode, mask and re-encode every frame of a login
 * screen. Which fields and where their blocks go follow the hub's own mask (hub/live/frame-mask.ts,
 * hub/perception/mask.ts) exactly: the hub checks the blocks, and any rule of its own that differed
 * would show as a block it finds not grey.
 */
object SecretBlocks {
    /** The hub's MASK_RGB (128, 128, 128), opaque: the hub checks for exactly this grey. */
    const val MASK_ARGB: Int = 0xFF808080.toInt()

    /**
     * Bounds (screen pixels, as the UI tree's) of every visible password field in [windows]. Every
     * node is released right after it is read, as the platform's node pool expects. At most
     * [maxNodes] nodes are read, as the flattener's default, so a broken app cannot stall a frame: a
     * field past them is in neither this list nor the UI tree the hub could read.
     */
    fun passwordFields(windows: List<WindowView>, maxNodes: Int = 5_000): List<Box> {
        val fields = ArrayList<Box>()
        val stack = ArrayDeque<NodeView>()
        windows.forEach { w -> w.root()?.let { stack.addLast(it) } }
        var read = 0
        while (stack.isNotEmpty()) {
            val node = stack.removeLast()
            if (read++ < maxNodes) {
                if (node.password && node.visible) node.bounds.takeUnless { it.isEmpty }?.let { fields += it }
                for (i in node.childCount - 1 downTo 0) node.child(i)?.let { stack.addLast(it) }
            }
            node.release()
        }
        return fields
    }

    /**
     * The pixel blocks to paint on a [frameWidth]×[frameHeight] frame of a [screenWidth]×[screenHeight]
     * screen for [fields]: each clipped to the screen, scaled, rounded outward (a block never leaves
     * a sliver of its field unpainted), clamped to the frame; fields with nothing on it are dropped.
     */
    fun blocks(fields: List<Box>, screenWidth: Int, screenHeight: Int, frameWidth: Int, frameHeight: Int): List<Box> {
        if (screenWidth <= 0 || screenHeight <= 0) return emptyList()
        val sx = frameWidth.toDouble() / screenWidth
        val sy = frameHeight.toDouble() / screenHeight
        return fields.mapNotNull { f ->
            val clipped = Box(maxOf(f.left, 0), maxOf(f.top, 0), minOf(f.right, screenWidth), minOf(f.bottom, screenHeight))
            if (clipped.isEmpty) return@mapNotNull null
            Box(
                maxOf(0, Math.floor(clipped.left * sx).toInt()),
                maxOf(0, Math.floor(clipped.top * sy).toInt()),
                minOf(frameWidth, Math.ceil(clipped.right * sx).toInt()),
                minOf(frameHeight, Math.ceil(clipped.bottom * sy).toInt()),
            ).takeUnless { it.isEmpty }
        }
    }
}
