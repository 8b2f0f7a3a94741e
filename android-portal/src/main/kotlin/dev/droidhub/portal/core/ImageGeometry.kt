package dev.droidhub.portal.core

/** Output size for a screenshot whose longest side must not exceed [maxSide] (0 = full size). */
object ImageGeometry {
    fun scaled(width: Int, height: Int, maxSide: Int): Pair<Int, Int> {
        val longest = maxOf(width, height)
        if (maxSide <= 0 || longest <= maxSide) return width to height
        val f = maxSide.toDouble() / longest
        return maxOf(1, Math.round(width * f).toInt()) to maxOf(1, Math.round(height * f).toInt())
    }

    /**
     * A FLAG_SECURE window comes back as an all-black frame. [pixels] is a sample of ARGB values;
     * true when every sampled pixel is black.
     */
    fun looksBlack(pixels: IntArray): Boolean = pixels.isNotEmpty() && pixels.all { (it and 0xFFFFFF) == 0 }
}
