// Gradle build of the Android portal, for people with the Android SDK (Android Studio, or
// `gradle :android-portal:assembleDebug`). CI has no SDK and builds with android-portal/pom.xml;
// both read the one list of versions: the <properties> block of that pom, parsed below.

// pluginManagement is evaluated before, and apart from, the rest of this file: it parses on its own.
pluginManagement {
    val pom = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(file("android-portal/pom.xml"))
    val nodes = pom.getElementsByTagName("properties").item(0).childNodes
    val v = (0 until nodes.length).map { nodes.item(it) }
        .filter { it.nodeType == org.w3c.dom.Node.ELEMENT_NODE }
        .associate { it.nodeName to it.textContent.trim() }
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
    plugins {
        id("com.android.application") version v.getValue("agp.version")
        id("org.jetbrains.kotlin.android") version v.getValue("kotlin.version")
        id("com.google.protobuf") version v.getValue("protobuf.gradle.plugin.version")
    }
}

/** android-portal/pom.xml <properties> as a map, shared with the project scripts through gradle.extra. */
fun pomVersions(): Map<String, String> {
    val pom = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(file("android-portal/pom.xml"))
    val nodes = pom.getElementsByTagName("properties").item(0).childNodes
    return (0 until nodes.length).map { nodes.item(it) }
        .filter { it.nodeType == org.w3c.dom.Node.ELEMENT_NODE }
        .associate { it.nodeName to it.textContent.trim() }
}
gradle.extensions.extraProperties["portalVersions"] = pomVersions()

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "droidhub"
include(":android-portal")
