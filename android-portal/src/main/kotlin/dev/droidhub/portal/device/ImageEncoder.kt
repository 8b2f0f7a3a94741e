package dev.droidhub.portal.device

import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Paint
import android.os.Build
import com.google.protobuf.ByteString
import dev.droidhub.portal.core.Box
import dev.droidhub.portal.core.ImageGeometry
import dev.droidhub.portal.core.SecretBlocks
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.ImageFormat
import java.io.ByteArrayOutputStream

/** Scales and compresses a software bitmap into the wire Image; raw bytes, no base64. */
object ImageEncoder {
    fun encode(source: Bitmap, format: ImageFormat, quality: Int, maxSide: Int): Image {
        val (w, h) = ImageGeometry.scaled(source.width, source.height, maxSide)
        return encodeAt(source, format, quality, w, h)
    }

    /**
     * A stream frame: JPEG at most [maxWidth] wide (0 = full width), with the pixel blocks [blocksAt]
     * gives for its final size painted in mask grey before it is compressed. A mutable [source] at
     * full size is painted in place.
     */
    fun frame(source: Bitmap, quality: Int, maxWidth: Int, blocksAt: (width: Int, height: Int) -> List<Box> = { _, _ -> emptyList() }): Image {
        val (w, h) = ImageGeometry.fitWidth(source.width, source.height, maxWidth)
        return encodeAt(source, ImageFormat.IMAGE_FORMAT_JPEG, quality, w, h, blocksAt(w, h))
    }

    private fun encodeAt(source: Bitmap, format: ImageFormat, quality: Int, w: Int, h: Int, blocks: List<Box> = emptyList()): Image {
        val scaled = if (w == source.width && h == source.height) source else Bitmap.createScaledBitmap(source, w, h, true)
        // Sampled before painting: grey blocks must not make a black (FLAG_SECURE) frame look real.
        val secure = ImageGeometry.looksBlack(sample(scaled))
        val painted = if (blocks.isEmpty()) scaled else paint(scaled, blocks)
        val out = ByteArrayOutputStream(w * h / 4)
        painted.compress(compressFormat(format), quality, out)
        if (painted !== scaled) painted.recycle()
        if (scaled !== source) scaled.recycle()
        return Image.newBuilder()
            .setFormat(format)
            .setData(ByteString.copyFrom(out.toByteArray()))
            .setWidth(w)
            .setHeight(h)
            .setSourceWidth(source.width)
            .setSourceHeight(source.height)
            .setSecure(secure)
            .build()
    }

    /**
     * [blocks] filled with solid mask grey, without antialiasing (edges blended with the field's
     * pixels would be neither grey nor covered). Only a mutable bitmap takes a Canvas (a HARDWARE
     * one never is); any other is copied into a mutable ARGB_8888 one first, and the copy returned.
     * No memory for the copy throws: the stream skips the frame rather than send it unpainted.
     */
    private fun paint(bitmap: Bitmap, blocks: List<Box>): Bitmap {
        val target = if (bitmap.isMutable) bitmap else checkNotNull(bitmap.copy(Bitmap.Config.ARGB_8888, true)) { "no memory to paint the frame's password fields" }
        val grey = Paint().apply {
            color = SecretBlocks.MASK_ARGB
            style = Paint.Style.FILL
            isAntiAlias = false
        }
        val canvas = Canvas(target)
        for (b in blocks) canvas.drawRect(b.left.toFloat(), b.top.toFloat(), b.right.toFloat(), b.bottom.toFloat(), grey)
        return target
    }

    @Suppress("DEPRECATION")
    private fun compressFormat(format: ImageFormat): Bitmap.CompressFormat = when (format) {
        ImageFormat.IMAGE_FORMAT_PNG -> Bitmap.CompressFormat.PNG
        ImageFormat.IMAGE_FORMAT_WEBP ->
            if (Build.VERSION.SDK_INT >= 30) Bitmap.CompressFormat.WEBP_LOSSY else Bitmap.CompressFormat.WEBP
        else -> Bitmap.CompressFormat.JPEG
    }

    /** A 16x16 grid of pixels is enough to tell an all-black (FLAG_SECURE) frame from a dark UI. */
    private fun sample(b: Bitmap): IntArray {
        val n = 16
        return IntArray(n * n) { i ->
            val x = ((i % n) + 0.5) * b.width / n
            val y = ((i / n) + 0.5) * b.height / n
            b.getPixel(x.toInt().coerceIn(0, b.width - 1), y.toInt().coerceIn(0, b.height - 1))
        }
    }
}
