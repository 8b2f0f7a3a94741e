package dev.droidhub.portal.app

import android.Manifest
import android.app.Activity
import android.content.Intent
import android.content.pm.PackageManager
import android.graphics.Typeface
import android.os.Build
import android.os.Bundle
import android.text.InputType
import android.view.View
import android.widget.Button
import android.widget.EditText
import android.widget.LinearLayout
import android.widget.ScrollView
import android.widget.TextView
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.Enrollment
import dev.droidhub.portal.core.EnrollmentForm
import dev.droidhub.portal.core.EnrollmentLink

/**
 * The app's one screen: hub URL, fleet key and certificate pin (typed, or filled from a
 * droidhub://enroll link the dashboard shows as a QR code, with the link's tags and expiry shown
 * beside them), the connection state, the device id, and buttons for the settings the phone needs.
 * Built in code: no AndroidX, no layout resources to keep in step.
 */
class EnrollActivity : Activity() {
    private lateinit var prefs: Prefs
    private lateinit var url: EditText
    private lateinit var key: EditText
    private lateinit var pin: EditText
    private lateinit var details: TextView
    private lateinit var status: TextView
    private lateinit var message: TextView
    private lateinit var accessibility: Button
    private lateinit var battery: Button
    private var basis: Enrollment? = null // what filled the form: a scanned link or the saved enrolment
    private val stateListener: (ConnectionState, String) -> Unit = { _, _ -> runOnUiThread { refresh() } }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        prefs = Prefs(this)
        setContentView(layout())
        prefs.enrollment?.let(::fill)
        handleLink(intent)
        // API 33+: without this runtime permission the connection notification stays invisible.
        if (Build.VERSION.SDK_INT >= 33 && checkSelfPermission(Manifest.permission.POST_NOTIFICATIONS) != PackageManager.PERMISSION_GRANTED) {
            requestPermissions(arrayOf(Manifest.permission.POST_NOTIFICATIONS), 1)
        }
        // An enrolled phone whose service was killed (force stop, vendor killer) reconnects when opened.
        if (prefs.enrolled) PortalService.start(this)
    }

    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        handleLink(intent)
    }

    override fun onResume() {
        super.onResume()
        PortalStatus.listen(stateListener)
        refresh()
    }

    override fun onPause() {
        PortalStatus.unlisten(stateListener)
        super.onPause()
    }

    /** A scanned link fills the form; the person still presses Connect, so a stray link cannot re-home a phone. */
    private fun handleLink(intent: Intent?) {
        val data = intent?.data?.toString() ?: return
        when (val parsed = EnrollmentLink.parse(data, System.currentTimeMillis())) {
            is EnrollmentLink.Parsed.Valid -> {
                fill(parsed.enrollment, fromLink = true)
                message.text = "Link read. Check the hub, tags and pin, then press Connect."
            }
            is EnrollmentLink.Parsed.Invalid -> message.text = "Enrolment link refused: ${parsed.reason}"
        }
    }

    private fun connect() {
        when (val parsed = EnrollmentForm.submit(url.text.toString(), key.text.toString(), pin.text.toString(), basis)) {
            is EnrollmentLink.Parsed.Invalid -> message.text = parsed.reason
            is EnrollmentLink.Parsed.Valid -> {
                prefs.enroll(parsed.enrollment)
                fill(parsed.enrollment)
                PortalService.start(this, restart = true)
                message.text = "Saved. Connecting…"
            }
        }
        refresh()
    }

    /** The link's expiry matters only until Connect: afterwards the phone joins with its own device secret. */
    private fun fill(e: Enrollment, fromLink: Boolean = false) {
        basis = e
        url.setText(e.hubUrl)
        key.setText(e.fleetKey)
        pin.setText(e.pin.orEmpty())
        details.text = listOfNotNull(
            "Hub: ${e.hubUrl}",
            e.tags.takeIf { it.isNotEmpty() }?.let { "Tags: ${it.joinToString(", ")}" },
            "Certificate: " + (e.pin?.let { "pinned key $it" } ?: "trusted by the phone (no pin)"),
            e.expiresAtSec?.takeIf { fromLink }?.let { "Link valid until ${Enrollment.formatTime(it)}" },
        ).joinToString("\n")
    }

    private fun refresh() {
        val (state, detail) = PortalStatus.connection
        val shown = if (!prefs.enrolled) ConnectionState.NOT_ENROLLED else state
        status.text = "Status: ${shown.label}${if (detail.isNotEmpty()) " ($detail)" else ""}\nDevice id: ${prefs.deviceId}"
        val a11y = PortalStatus.accessibilityEnabled(this)
        accessibility.text = if (a11y) "Accessibility service: on" else "Accessibility service is OFF — open settings"
        val exempt = PortalStatus.ignoringBatteryOptimizations(this)
        battery.visibility = if (exempt) View.GONE else View.VISIBLE
    }

    private fun layout(): View {
        val pad = (16 * resources.displayMetrics.density).toInt()
        val column = LinearLayout(this).apply {
            orientation = LinearLayout.VERTICAL
            setPadding(pad, pad, pad, pad)
        }
        column.addView(TextView(this).apply {
            text = "droidhub portal"
            textSize = 22f
            setTypeface(typeface, Typeface.BOLD)
        })
        url = EditText(this).apply {
            hint = "Hub URL, e.g. https://hub.example.com"
            inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_URI
        }
        key = EditText(this).apply {
            hint = "Fleet key"
            inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_PASSWORD
        }
        pin = EditText(this).apply {
            hint = "Certificate pin (sha256/…), self-signed hubs only"
            inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_FLAG_NO_SUGGESTIONS
        }
        details = TextView(this)
        column.addView(url)
        column.addView(key)
        column.addView(pin)
        column.addView(details)
        column.addView(button("Connect") { connect() })
        status = TextView(this).apply { setPadding(0, pad, 0, pad) }
        message = TextView(this)
        column.addView(status)
        column.addView(message)
        accessibility = button("Accessibility settings") { startActivity(PortalStatus.accessibilitySettings()) }
        battery = button("Allow running in background") { startActivity(PortalStatus.batteryExemptionRequest(this)) }
        column.addView(accessibility)
        column.addView(battery)
        // Android 11+ streams through accessibility screenshots (3 a second at best); consent makes them smooth.
        val capture = if (PortalStatus.needsProjectionConsent) "Allow screen capture" else "Allow screen capture (faster live view)"
        column.addView(button(capture) { startActivity(Intent(this, ProjectionConsentActivity::class.java)) })
        column.addView(button("Stop") { PortalService.stop(this) })
        return ScrollView(this).apply { addView(column) }
    }

    private fun button(label: String, onClick: () -> Unit) = Button(this).apply {
        text = label
        isAllCaps = false
        setOnClickListener { onClick() }
    }
}
