package dev.droidhub.portal.conformance

import com.google.protobuf.ByteString
import dev.droidhub.portal.core.Box
import dev.droidhub.portal.core.CommandDispatcher
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.portal.core.FakeDevice
import dev.droidhub.portal.core.FakeNode
import dev.droidhub.portal.core.FakeWindow
import dev.droidhub.portal.core.ManualClock
import dev.droidhub.portal.core.MemoryCredentialStore
import dev.droidhub.portal.core.Outbox
import dev.droidhub.portal.core.PortalSession
import dev.droidhub.portal.core.ResultCache
import dev.droidhub.portal.core.TreeFlattener
import dev.droidhub.proto.v1.AccessibilityChanged
import dev.droidhub.proto.v1.App
import dev.droidhub.proto.v1.AppList
import dev.droidhub.proto.v1.Battery
import dev.droidhub.proto.v1.DeviceEvent
import dev.droidhub.proto.v1.DeviceState
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.ForegroundChanged
import dev.droidhub.proto.v1.Hello
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.KeyboardChanged
import dev.droidhub.proto.v1.Network
import dev.droidhub.proto.v1.NetworkType
import dev.droidhub.proto.v1.Screen
import dev.droidhub.proto.v1.ScreenChanged
import dev.droidhub.proto.v1.WindowContentChanged
import dev.droidhub.proto.v1.WindowType
import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/**
 * Kotlin → TypeScript: what the phone sends (Hello, each Result payload, each event), produced by
 * the portal's own classes, written to proto/testdata/kotlin for tests/unit/protocol/vectors.test.ts.
 * Committed files must match a fresh encoding; run with -Ddroidhub.vectors.update=true to rewrite.
 */
class KotlinVectorsTest {
    private val dir = File(System.getProperty("droidhub.vectors.dir", "../proto/testdata"), "kotlin")
    private val update = System.getProperty("droidhub.vectors.update") == "true"

    private class Vector(val name: String, val envelope: Envelope, val expect: Map<String, Any>)

    private fun reply(id: Long, r: CommandResult, ms: Long) = Envelope.newBuilder().setReplyTo(id).setResult(r.toProto(ms)).build()

    private fun vectors(): List<Vector> {
        val store = MemoryCredentialStore("pixel-8-α").apply { resumeToken = "rt-7" }
        val cache = ResultCache().apply {
            claim(3_000_000_000L, 0)
            complete(3_000_000_000L, CommandResult.Done.toProto(1), 0)
        }
        val events = mutableListOf<Envelope>()
        val session = PortalSession(store, cache, CommandDispatcher(FakeDevice(), ManualClock(), 34), ManualClock(), {}, Outbox { events += Envelope.parseFrom(it); true })
        val screen = Screen.newBuilder().setWidth(1080).setHeight(2400).setDensityDpi(420).setRotation(0).build()
        val hello = Envelope.parseFrom(
            session.hello(Hello.newBuilder().setPortalVersion("0.1.0").setManufacturer("Google").setModel("Pixel 8").setSdkInt(34).setScreen(screen).addCapabilities("gestures").addCapabilities("set_text").build()),
        )
        val windows = listOf(
            FakeWindow(
                7, WindowType.WINDOW_TYPE_APPLICATION, 2, true,
                FakeNode("android.widget.FrameLayout", bounds = Box(0, 0, 1080, 2400), children = listOf(FakeNode("android.widget.Button", "Войти 🚀", Box(-10, 100, 500, 220), clickable = true))),
            ),
        )
        val tree = TreeFlattener().flatten(windows, true).toTree().setForegroundPackage("com.example").setScreen(screen).setCapturedAtMs(1_767_225_600_123).setCaptureMs(12).build()
        // The phone's node limit cut the tree: only the root is left, and the hub is told so.
        val cut = TreeFlattener(maxNodes = 1).flatten(windows, true).toTree().setForegroundPackage("com.example").setScreen(screen).build()
        val image = Image.newBuilder().setFormat(ImageFormat.IMAGE_FORMAT_WEBP).setData(ByteString.copyFrom(byteArrayOf(0x52, 0x49, 0x46, 0x46, 0, -1)))
            .setWidth(540).setHeight(1200).setSourceWidth(1080).setSourceHeight(2400).build()
        val apps = AppList.newBuilder().addApps(App.newBuilder().setPackageName("com.android.settings").setLabel("設定").setVersionName("14").setSystem(true)).build()
        val state = DeviceState.newBuilder().setForegroundPackage("com.example").setScreenOn(true)
            .setBattery(Battery.newBuilder().setLevel(55).setCharging(true).setTemperatureC(30.5f))
            .setNetwork(Network.newBuilder().setType(NetworkType.NETWORK_TYPE_CELLULAR).setMetered(true)).setAccessibilityEnabled(true).build()
        listOf(
            DeviceEvent.newBuilder().setAtMs(1).setForeground(ForegroundChanged.newBuilder().setPackageName("com.whatsapp").setActivity("com.whatsapp.Main")),
            DeviceEvent.newBuilder().setAtMs(2).setContent(WindowContentChanged.newBuilder().setWindowId(7).setPackageName("com.whatsapp")),
            DeviceEvent.newBuilder().setAtMs(3).setKeyboard(KeyboardChanged.newBuilder().setShown(true)),
            DeviceEvent.newBuilder().setAtMs(4).setScreen(ScreenChanged.newBuilder().setOn(false)),
            DeviceEvent.newBuilder().setAtMs(5).setBattery(Battery.newBuilder().setLevel(9).setTemperatureC(41.25f)),
            DeviceEvent.newBuilder().setAtMs(6).setNetwork(Network.newBuilder().setType(NetworkType.NETWORK_TYPE_WIFI)),
            DeviceEvent.newBuilder().setAtMs(7).setAccessibility(AccessibilityChanged.newBuilder().setEnabled(true)),
        ).forEach { session.event(it.build()) }

        return listOf(
            Vector(
                "hello", hello,
                mapOf(
                    "hello.deviceId" to "pixel-8-α", "hello.protocolVersion" to "PROTOCOL_VERSION_1", "hello.model" to "Pixel 8",
                    "hello.sdkInt" to 34, "hello.screen.densityDpi" to 420, "hello.capabilities.1" to "set_text",
                    "hello.resumeToken" to "rt-7", "hello.cachedResultIds.0" to "3000000000",
                ),
            ),
            Vector(
                "result_ui", reply(100, CommandResult.Ui(tree), 12),
                mapOf(
                    "replyTo" to "100", "result.ok" to true, "result.durationMs" to 12,
                    "result.ui.windows.0.id" to 7, "result.ui.windows.0.type" to "WINDOW_TYPE_APPLICATION", "result.ui.windows.0.packageName" to "com.example",
                    "result.ui.nodes.0.parent" to -1, "result.ui.nodes.1.parent" to 0, "result.ui.nodes.1.depth" to 1,
                    "result.ui.nodes.1.text" to "Войти 🚀", "result.ui.nodes.1.clickable" to true, "result.ui.nodes.1.bounds.left" to -10,
                    "result.ui.nodes.1.bounds.bottom" to 220, "result.ui.capturedAtMs" to "1767225600123", "result.ui.screen.height" to 2400,
                ),
            ),
            Vector(
                "result_ui_truncated", reply(105, CommandResult.Ui(cut), 9),
                mapOf("replyTo" to "105", "result.ui.truncated" to true, "result.ui.nodes.0.parent" to -1, "result.ui.windows.0.id" to 7),
            ),
            Vector(
                "result_image", reply(101, CommandResult.Screenshot(image), 80),
                mapOf("replyTo" to "101", "result.image.format" to "IMAGE_FORMAT_WEBP", "result.image.data" to "UklGRgD/", "result.image.width" to 540, "result.image.sourceHeight" to 2400),
            ),
            Vector(
                "result_apps", reply(102, CommandResult.Apps(apps), 3),
                mapOf("result.apps.apps.0.packageName" to "com.android.settings", "result.apps.apps.0.label" to "設定", "result.apps.apps.0.system" to true),
            ),
            Vector(
                "result_state", reply(103, CommandResult.State(state), 2),
                mapOf(
                    "result.state.foregroundPackage" to "com.example", "result.state.battery.level" to 55, "result.state.battery.temperatureC" to 30.5,
                    "result.state.network.type" to "NETWORK_TYPE_CELLULAR", "result.state.accessibilityEnabled" to true,
                ),
            ),
            Vector(
                "result_error", reply(9_007_199_254_740_991, CommandResult.Failed(ErrorCode.ERROR_CODE_NODE_NOT_FOUND, "node_index 9 is not in the last UI tree"), 1),
                mapOf("replyTo" to "9007199254740991", "result.error.code" to "ERROR_CODE_NODE_NOT_FOUND", "result.error.message" to "node_index 9 is not in the last UI tree"),
            ),
            Vector("result_ok", reply(104, CommandResult.Done, 250), mapOf("replyTo" to "104", "result.ok" to true, "result.durationMs" to 250)),
            Vector("event_foreground", events[0], mapOf("id" to "1", "event.atMs" to "1", "event.foreground.packageName" to "com.whatsapp", "event.foreground.activity" to "com.whatsapp.Main")),
            Vector("event_content", events[1], mapOf("event.content.windowId" to 7, "event.content.packageName" to "com.whatsapp")),
            Vector("event_keyboard", events[2], mapOf("event.keyboard.shown" to true)),
            Vector("event_screen", events[3], mapOf("event.atMs" to "4")), // on=false is the default: only the kind is on the wire
            Vector("event_battery", events[4], mapOf("event.battery.level" to 9, "event.battery.temperatureC" to 41.25)),
            Vector("event_network", events[5], mapOf("event.network.type" to "NETWORK_TYPE_WIFI")),
            Vector("event_accessibility", events[6], mapOf("id" to "7", "event.accessibility.enabled" to true)),
        ) + StreamVectors.build().map { (name, envelope, expect) -> Vector(name, envelope, expect) }
    }

    @Test
    fun `the phone writes a vector for every message it sends, streams included`() {
        val names = vectors().map { it.name }.toSet()
        val kinds = vectors().map { it.envelope }.flatMap { e ->
            listOfNotNull(e.bodyCase.name, e.result.payloadCase.name.takeIf { e.hasResult() }, e.event.kindCase.name.takeIf { e.hasEvent() })
        }.toSet()
        assertTrue(names.containsAll(listOf("result_stream", "stream_frame", "event_stream_stopped")))
        val phoneBodies = setOf("HELLO", "RESULT", "EVENT", "STREAM_FRAME")
        val payloads = dev.droidhub.proto.v1.Result.PayloadCase.values().map { it.name } - "PAYLOAD_NOT_SET"
        val eventKinds = DeviceEvent.KindCase.values().map { it.name } - "KIND_NOT_SET"
        assertEquals(emptySet<String>(), phoneBodies + payloads + eventKinds - kinds)
    }

    @Test
    fun `phone-side envelopes match their expectations and the committed vectors`() {
        dir.mkdirs()
        val entries = JSONArray()
        val drift = mutableListOf<String>()
        for (v in vectors()) {
            for ((path, want) in v.expect) {
                val raw = ProtoPaths.read(v.envelope, path)
                assertTrue("${v.name}: $path is $raw, expected $want", ProtoPaths.matches(want, ProtoPaths.normalize(raw), raw))
            }
            val bytes = v.envelope.toByteArray()
            val file = File(dir, "${v.name}.bin")
            if (file.exists() && !file.readBytes().contentEquals(bytes)) drift += file.name
            if (update || !file.exists()) file.writeBytes(bytes)
            entries.put(
                JSONObject().put("name", v.name).put("file", file.name)
                    .put("body", body(v.envelope)).put("expect", JSONObject(v.expect)),
            )
        }
        val manifest = JSONObject().put("comment", "Written by KotlinVectorsTest (android-portal); decoded by tests/unit/protocol/vectors.test.ts.").put("vectors", entries)
        val manifestFile = File(dir, "manifest.json")
        val text = manifest.toString(2) + "\n"
        if (manifestFile.exists() && manifestFile.readText() != text) drift += manifestFile.name
        if (update || !manifestFile.exists()) manifestFile.writeText(text)
        if (!update) assertEquals("committed Kotlin vectors differ from a fresh encoding; rerun with -Ddroidhub.vectors.update=true", emptyList<String>(), drift)
    }

    private fun body(e: Envelope): String =
        e.bodyCase.name.lowercase().split('_').mapIndexed { i, p -> if (i == 0) p else p.replaceFirstChar { it.uppercaseChar() } }.joinToString("")
}
