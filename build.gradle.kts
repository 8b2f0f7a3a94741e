// Root of the Gradle build: plugin versions come from settings.gradle.kts (read from
// android-portal/pom.xml); nothing is applied here.
plugins {
    id("com.android.application") apply false
    id("org.jetbrains.kotlin.android") apply false
    id("com.google.protobuf") apply false
}
