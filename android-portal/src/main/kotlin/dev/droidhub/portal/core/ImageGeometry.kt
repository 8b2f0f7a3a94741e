package dev.droidhub.portal.core

/** Output sizes of screenshots and stream frames, and the secure-window check. */
object ImageGeometry {
    /** Output size for a screenshot whose longest side must not exceed [maxSide] (0 = full size). */
    fun scaled(width: Int, height: Int, maxSide: Int): Pair<Int, Int> {
        val longest = maxOf(width, height)
        if (maxSide <= 0 || longest <= maxSide) return width to height
        val f = maxSide.toDouble() / longest
        return maxOf(1, Math.round(width * f).toInt()) to maxOf(1, Math.round(height * f).toInt())
    }

    /** Output size for a stream frame at most [maxWidth] wide (0 = full width), never enlarged. */
    fun fitWidth(width: Int, height: Int, maxWidth: Int): Pair<Int, Int> {
        if (maxWidth <= 0 || width <= maxWidth) return width to height
        return maxWidth to maxOf(1, Math.round(height.toDouble() * maxWidth / width).toInt())
    }

    /**
     * A FLAG_SECURE window comes back as an all-black frame. [pixels] is a sample of ARGB values;
     * true when every sampled pixel is black.
     */
    fun looksBlack(pixels: IntArray): Boolean = pixels.isNotEmpty() && pixels.all { (it and 0xFFFFFF) == 0 }
}
