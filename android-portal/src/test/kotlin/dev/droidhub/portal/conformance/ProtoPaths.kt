package dev.droidhub.portal.conformance

import com.google.protobuf.ByteString
import com.google.protobuf.Internal
import java.util.Base64

/**
 * Reads a value out of a protobuf-lite message by the flat path the TypeScript side writes
 * ("result.ui.nodes.1.text"): each segment is a camelCase field, a number indexes the list before
 * it. Lite messages have no descriptors, so this walks the generated getters by name.
 */
object ProtoPaths {
    fun read(message: Any, path: String): Any? {
        val parts = path.split('.')
        var current: Any? = message
        var i = 0
        while (i < parts.size) {
            val name = parts[i]
            val next = parts.getOrNull(i + 1)
            current = if (next != null && next.all { it.isDigit() }) {
                i++
                (getter(current!!, name + "List") as List<*>)[next.toInt()]
            } else {
                getter(current!!, name)
            }
            i++
        }
        return current
    }

    private fun getter(target: Any, field: String): Any? {
        val method = target.javaClass.getMethod("get" + field.replaceFirstChar { it.uppercaseChar() })
        return method.invoke(target)
    }

    /** The JSON form protobufjs' toObject uses: longs as decimal strings, enums by name, bytes base64. */
    fun normalize(value: Any?): Any? = when (value) {
        is Long -> java.lang.Long.toUnsignedString(value)
        is Int -> value.toLong() and 0xFFFFFFFFL // uint32 fields; the vectors hold no negative int32 at top level
        is Internal.EnumLite -> (value as Enum<*>).name
        is ByteString -> Base64.getEncoder().encodeToString(value.toByteArray())
        is Float -> value.toDouble()
        else -> value
    }

    /** Equality in the manifest's terms; a JSON number may be an int32 read back as uint32. */
    fun matches(expected: Any?, actual: Any?, raw: Any?): Boolean = when {
        expected is Number && raw is Int -> expected.toLong() == raw.toLong() || expected.toLong() == actual
        expected is Number && raw is Float -> Math.abs(expected.toDouble() - raw.toDouble()) < 1e-4
        expected is Number && actual is Long -> expected.toLong() == actual
        else -> expected == actual
    }
}
