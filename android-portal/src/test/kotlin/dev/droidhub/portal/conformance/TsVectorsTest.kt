package dev.droidhub.portal.conformance

import dev.droidhub.proto.v1.Envelope
import org.json.JSONObject
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/**
 * TypeScript → Kotlin: every envelope the hub's codec wrote (proto/testdata/ts, `npm run
 * portal:vectors`) decodes here to the values its manifest lists, and re-encodes to the same bytes.
 */
class TsVectorsTest {
    private val dir = File(System.getProperty("droidhub.vectors.dir", "../proto/testdata"), "ts")

    @Test
    fun `every TypeScript vector decodes to the expected values and re-encodes byte for byte`() {
        val manifest = JSONObject(File(dir, "manifest.json").readText())
        val vectors = manifest.getJSONArray("vectors")
        assertTrue("expected a vector per message type", vectors.length() >= 36)
        val bodies = HashSet<Envelope.BodyCase>()
        val names = HashSet<String>()
        for (i in 0 until vectors.length()) {
            val v = vectors.getJSONObject(i)
            val name = v.getString("name")
            names += name
            val bytes = File(dir, v.getString("file")).readBytes()
            val envelope = Envelope.parseFrom(bytes)
            bodies += envelope.bodyCase
            assertEquals("$name: body", v.getString("body"), camel(envelope.bodyCase.name))
            val expect = v.getJSONObject("expect")
            for (path in expect.keys()) {
                val raw = ProtoPaths.read(envelope, path)
                val want = expect.get(path)
                assertTrue("$name: $path is $raw, expected $want", ProtoPaths.matches(want, ProtoPaths.normalize(raw), raw))
            }
            assertArrayEquals("$name: Kotlin re-encodes to the same bytes", bytes, envelope.toByteArray())
        }
        val missing = Envelope.BodyCase.values().toSet() - Envelope.BodyCase.BODY_NOT_SET - bodies
        assertEquals("bodies without a vector", emptySet<Envelope.BodyCase>(), missing)
        // Not bodies of their own, but new fields and payloads the portal must read.
        assertEquals(emptySet<String>(), setOf("tap_double", "tap_acked", "result_stream", "event_stream_stopped") - names)
    }

    private fun camel(upper: String): String =
        upper.lowercase().split('_').mapIndexed { i, p -> if (i == 0) p else p.replaceFirstChar { it.uppercaseChar() } }.joinToString("")
}
