package com.plyyard.lobby.support;

import java.util.List;

/**
 * Reads of the page's layout and network that the browser tests assert on: whether elements are covered by others,
 * whether one lies inside another's visible box, how the browser recorded the page's requests.
 */
public final class PageChecks {
    private PageChecks() {
    }

    /**
     * The texts of the elements for {@code css} that are not the topmost element at their own centre (another element,
     * such as a piece drawn over the board, hides them), after scrolling each into view. Empty when all can be seen.
     */
    @SuppressWarnings("unchecked")
    public static List<String> covered(Browser b, String css) {
        return (List<String>) b.script("""
            const out = [];
            for (const el of document.querySelectorAll(arguments[0])) {
              el.scrollIntoView({block: 'center', inline: 'center'});
              const r = el.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              if (r.width === 0 || r.height === 0 || !hit || !el.contains(hit)) out.push(el.textContent);
            }
            return out;""", css);
    }

    /**
     * Whether the element for {@code inner} lies wholly inside the visible box of {@code outer} (a scrolled list: the
     * element can be seen without scrolling the list).
     */
    public static boolean insideVisibleBox(Browser b, String inner, String outer) {
        return Boolean.TRUE.equals(b.script("""
            const i = document.querySelector(arguments[0]);
            const o = document.querySelector(arguments[1]);
            if (!i || !o) return false;
            const a = i.getBoundingClientRect();
            const c = o.getBoundingClientRect();
            return a.height > 0 && a.top >= c.top - 0.5 && a.bottom <= c.bottom + 0.5
              && a.left >= c.left - 0.5 && a.right <= c.right + 0.5;""", inner, outer));
    }

    /** Whether the element for {@code css} is wider inside than its box (it would spill sideways or scroll sideways). */
    public static boolean overflowsSideways(Browser b, String css) {
        return Boolean.TRUE.equals(b.script(
            "const e = document.querySelector(arguments[0]); return !!e && e.scrollWidth > e.clientWidth + 1;", css));
    }

    /**
     * The HTTP statuses the browser recorded (Resource Timing) for the page's finished requests whose address contains
     * {@code part}: 200 for an answer read to its end, 0 for a request the page cancelled (which developer tools list
     * as a failed request).
     */
    @SuppressWarnings("unchecked")
    public static List<Long> requestStatuses(Browser b, String part) {
        return ((List<Object>) b.script("""
            return performance.getEntriesByType('resource').filter(e => e.name.includes(arguments[0]))
              .map(e => e.responseStatus);""", part)).stream().map(o -> ((Number) o).longValue()).toList();
    }
}
