package dev.droidhub.portal.conformance

import dev.droidhub.portal.core.EnrollmentLink
import dev.droidhub.portal.core.LinkSignature
import dev.droidhub.portal.core.Refusal
import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * The enrolment link vectors (src/test/resources/enroll-links.json), computed by
 * scripts/portal/enroll-vectors.py with Python's hmac apart from this code: every link parses to
 * the expected enrolment or is refused with the expected code, and the canonical string and
 * signature Kotlin computes are the ones Python did. The hub's generator is held to the same file.
 */
class EnrollLinkVectorsTest {
    private val doc = JSONObject(javaClass.getResource("/enroll-links.json")!!.readText())
    private val nowMs = doc.getLong("now") * 1000
    private val cases = doc.getJSONArray("cases").let { a -> (0 until a.length()).map { a.getJSONObject(it) } }

    @Test
    fun `every vector is accepted or refused as the contract says`() {
        // Every case is judged before failing, so one run lists all the cases a change broke.
        val wrong = cases.mapNotNull { case -> judge(case) }
        assertEquals(wrong.joinToString("\n"), 0, wrong.size)
    }

    private fun judge(case: JSONObject): String? {
        val name = case.getString("name")
        val parsed = EnrollmentLink.parse(case.getString("link"), nowMs)
        if (case.getString("expect") == "refused") {
            val want = case.getString("code")
            return when {
                parsed !is EnrollmentLink.Parsed.Invalid -> "$name: accepted, expected $want"
                parsed.refusal.code != want -> "$name: refused as ${parsed.refusal.code} (${parsed.reason}), expected $want"
                else -> null
            }
        }
        if (parsed !is EnrollmentLink.Parsed.Valid) return "$name: refused: $parsed"
        val e = parsed.enrollment
        val f = case.getJSONObject("fields")
        val want = listOf(
            f.getString("url"), f.getString("key"), f.opt("pin").takeIf { it != JSONObject.NULL },
            f.getJSONArray("tags").let { t -> (0 until t.length()).map { t.getString(it) } },
            f.opt("exp").takeIf { it != JSONObject.NULL }?.let { (it as Number).toLong() },
        )
        val got = listOf(e.hubUrl, e.fleetKey, e.pin, e.tags, e.expiresAtSec)
        return if (want == got) null else "$name: read as $got, expected $want"
    }

    @Test
    fun `Kotlin signs the canonical string exactly as the vectors do`() {
        val signed = cases.filter { it.has("sig") }
        assertTrue("expected signed vectors", signed.size >= 8)
        for (case in signed) {
            val f = case.getJSONObject("fields")
            val tags = f.getJSONArray("tags").let { t -> (0 until t.length()).joinToString(",") { t.getString(it) } }
            val canonical = LinkSignature.canonical(
                f.getString("url"), f.getString("key"), f.optString("pin").takeIf { !f.isNull("pin") }.orEmpty(),
                tags, if (f.isNull("exp")) "" else f.getLong("exp").toString(),
            )
            assertEquals(case.getString("name"), case.getString("canonical"), canonical)
            assertEquals(case.getString("name"), case.getString("sig"), LinkSignature.sign(f.getString("key"), canonical))
        }
    }

    @Test
    fun `the vectors cover every refusal and both versions`() {
        val codes = cases.filter { it.getString("expect") == "refused" }.map { it.getString("code") }.toSet()
        assertEquals(Refusal.values().map { it.code }.toSet(), codes)
        assertEquals(setOf(0, 1), cases.filter { it.getString("expect") == "valid" }.map { it.getInt("version") }.toSet())
    }
}
