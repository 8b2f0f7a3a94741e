package dev.droidhub.portal.android

import android.content.Intent
import android.net.Uri
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.EditText
import android.widget.TextView
import dev.droidhub.portal.app.EnrollActivity
import dev.droidhub.portal.app.Prefs
import dev.droidhub.portal.core.Enrollment
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config

/** The enrolment screen on Robolectric: what a scanned link fills, shows and saves. */
@RunWith(RobolectricTestRunner::class)
@Config(sdk = [34], manifest = Config.NONE)
class EnrollScreenTest {
    private val context get() = RuntimeEnvironment.getApplication()

    // Signed like enroll-links.json's "v1 with a pin" (no expiry, so it stays valid on the real clock).
    private val pinnedLink = "droidhub://enroll?v=1&url=https%3A%2F%2Fhub.example.com%3A8443&key=fk_Zm9vYmFy%2B%2F%3D" +
        "&pin=sha256%2FYsRKwTRVvRHzEewC2k2ZcPBhvHNM6PM8Gjcf8H3hB%2BM%3D&sig=WgJ6sqbXvg85HMn99OJ7Vn8nVoQPTula7-FRoEEdg7A"
    private val pin = "sha256/YsRKwTRVvRHzEewC2k2ZcPBhvHNM6PM8Gjcf8H3hB+M="

    private fun open(link: String) =
        Robolectric.buildActivity(EnrollActivity::class.java, Intent(Intent.ACTION_VIEW, Uri.parse(link))).setup().get()

    private fun all(v: View): List<View> = listOf(v) + if (v is ViewGroup) (0 until v.childCount).flatMap { all(v.getChildAt(it)) } else emptyList()

    private inline fun <reified T : View> views(activity: EnrollActivity): List<T> = all(activity.window.decorView).filterIsInstance<T>()

    private fun fields(activity: EnrollActivity) = views<EditText>(activity).map { it.text.toString() }

    private fun shown(activity: EnrollActivity) =
        views<TextView>(activity).filter { it !is EditText && it !is Button }.joinToString("\n") { it.text }

    @Test
    fun `a legacy link fills the form without connecting`() {
        val activity = open("droidhub://enroll?url=https%3A%2F%2Fhub.example.com&key=fk_123")
        assertEquals(listOf("https://hub.example.com", "fk_123", ""), fields(activity))
        assertNull(Prefs(context).enrollment) // nothing saved until the person presses Connect
    }

    @Test
    fun `a signed link shows its hub and pin before Connect, and Connect saves them`() {
        val activity = open(pinnedLink)
        assertEquals(listOf("https://hub.example.com:8443", "fk_Zm9vYmFy+/=", pin), fields(activity))
        assertTrue(shown(activity), shown(activity).contains("Hub: https://hub.example.com:8443\nCertificate: pinned key $pin"))
        assertNull(Prefs(context).enrollment)
        views<Button>(activity).first { it.text == "Connect" }.performClick()
        assertEquals(Enrollment("https://hub.example.com:8443", "fk_Zm9vYmFy+/=", pin), Prefs(context).enrollment)
    }

    @Test
    fun `prefs keep the pin, tags and expiry with their hub and drop them with it`() {
        Prefs(context).enroll(Enrollment("https://hub.example.com", "k", pin, listOf("lab-1", "Москва"), 1_800_000_000))
        Prefs(context).deviceSecret = "secret"
        assertEquals(Enrollment("https://hub.example.com", "k", pin, listOf("lab-1", "Москва"), 1_800_000_000), Prefs(context).enrollment)
        Prefs(context).enroll(Enrollment("https://elsewhere.example.com", "k2"))
        assertEquals(Enrollment("https://elsewhere.example.com", "k2"), Prefs(context).enrollment)
        assertNull(Prefs(context).deviceSecret)
    }

    @Test
    fun `an edited link is refused on screen and fills nothing`() {
        val activity = open(pinnedLink.replace("hub.example.com", "evil.example.com"))
        assertEquals(listOf("", "", ""), fields(activity))
        assertTrue(shown(activity), shown(activity).contains("Enrolment link refused: the link was changed or damaged"))
    }
}
