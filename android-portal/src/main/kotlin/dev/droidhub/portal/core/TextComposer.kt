package dev.droidhub.portal.core

/**
 * ACTION_SET_TEXT replaces the whole field, so "type" means appending to what is there. A field
 * that shows only its hint reports the hint as its text on many apps; that must not be kept.
 * Strings are handled as whole code points so emoji and surrogate pairs are never split.
 */
object TextComposer {
    fun compose(existing: String?, showingHint: Boolean, input: String, clearFirst: Boolean): String {
        if (clearFirst || showingHint || existing.isNullOrEmpty()) return input
        return existing + input
    }

    /** Text after one backspace: drops the last code point (a whole emoji half-pair stays valid). */
    fun deleteLast(existing: String): String {
        if (existing.isEmpty()) return existing
        val end = existing.offsetByCodePoints(existing.length, -1)
        return existing.substring(0, end)
    }
}
