package dev.droidhub.portal.core

import org.junit.Assert.assertEquals
import org.junit.Test

class AppStopPlannerTest {
    private fun plan(target: String, foreground: String, sdk: Int) = AppStopPlanner.plan(target, foreground, "dev.droidhub.portal", sdk)

    @Test
    fun `an app on screen is left with Home first, one in the background is not disturbed`() {
        assertEquals(AppStopPlanner.Plan.Steps(pressHome = true, killProcess = true), plan("com.whatsapp", "com.whatsapp", 33))
        assertEquals(AppStopPlanner.Plan.Steps(pressHome = false, killProcess = true), plan("com.whatsapp", "com.android.chrome", 29))
    }

    @Test
    fun `from Android 14 the process cannot be reached, so stopping only leaves the app`() {
        assertEquals(AppStopPlanner.Plan.Steps(pressHome = true, killProcess = false), plan("com.whatsapp", "com.whatsapp", 34))
        assertEquals(AppStopPlanner.Plan.Steps(pressHome = false, killProcess = false), plan("com.whatsapp", "", 35))
    }

    @Test
    fun `the portal does not stop itself`() {
        val refused = plan("dev.droidhub.portal", "dev.droidhub.portal", 30) as AppStopPlanner.Plan.Refused
        assertEquals("the portal cannot stop itself: its service carries the hub connection", refused.why)
    }
}
