package dev.droidhub.portal.device

import android.graphics.Bitmap
import android.os.Build
import com.google.protobuf.ByteString
import dev.droidhub.portal.core.ImageGeometry
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.ImageFormat
import java.io.ByteArrayOutputStream

/** Scales and compresses a software bitmap into the wire Image; raw bytes, no base64. */
object ImageEncoder {
    fun encode(source: Bitmap, format: ImageFormat, quality: Int, maxSide: Int): Image {
        val (w, h) = ImageGeometry.scaled(source.width, source.height, maxSide)
        return encodeAt(source, format, quality, w, h)
    }

    /** A stream frame: JPEG at most [maxWidth] wide (0 = full width). */
    fun frame(source: Bitmap, quality: Int, maxWidth: Int): Image {
        val (w, h) = ImageGeometry.fitWidth(source.width, source.height, maxWidth)
        return encodeAt(source, ImageFormat.IMAGE_FORMAT_JPEG, quality, w, h)
    }

    private fun encodeAt(source: Bitmap, format: ImageFormat, quality: Int, w: Int, h: Int): Image {
        val scaled = if (w == source.width && h == source.height) source else Bitmap.createScaledBitmap(source, w, h, true)
        val secure = ImageGeometry.looksBlack(sample(scaled))
        val out = ByteArrayOutputStream(w * h / 4)
        scaled.compress(compressFormat(format), quality, out)
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
