"""The static site in Chromium: `.venv/bin/python bench/site.py` after `make site`.

Prints the site's size (files, and as one .tar.gz, what a teacher copies), the time from opening the
site to the first kernel ready (Python started in the page), and for each lesson the kernel's start
and its Run All time. Each lesson opens in a fresh browser context, as a new visitor's would; the site
is served on 127.0.0.1 and every other request is aborted, as in the browser test.
"""

from __future__ import annotations

import io
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "jupyterlite")]

from build_site import SITE, SiteServer, size_mb  # noqa: E402
from labdriver import LESSONS, VIEWPORT, launch_chromium, run_all, wait_kernel_idle  # noqa: E402

NOW = "() => performance.now() / 1000"  # seconds since this page's navigation started


def gzipped_mb(folder: Path) -> float:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        archive.add(folder, arcname=folder.name)
    return buffer.tell() / 1e6


def offline_page(browser, server: SiteServer):
    """A page in a fresh context: the site answers, every other request is aborted."""
    context = browser.new_context(viewport=VIEWPORT)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(f"{server.base}/")
                  else route.abort())
    page = context.new_page()
    page.set_default_timeout(120_000)
    return page


def kernel_ready(page, url: str) -> float:
    """Open `url`; seconds from the navigation to the notebook's kernel idle."""
    page.goto(url)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
    wait_kernel_idle(page, 180_000)
    return page.evaluate(NOW)


def main() -> None:
    if not (SITE / "index.html").is_file():
        sys.exit(f"{SITE} is missing: run `make site` first")
    print(f"site: {size_mb(SITE):.1f} MB in files, {gzipped_mb(SITE):.1f} MB as .tar.gz")
    from playwright.sync_api import sync_playwright

    with SiteServer(SITE) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = offline_page(browser, server)
        print(f"first kernel ready: {kernel_ready(page, f'{server.base}/'):.1f} s after opening the site")
        page.context.close()
        print(f"{'lesson':40} {'kernel ready':>12} {'Run All':>9}")
        total = time.perf_counter()
        for path in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")):
            page = offline_page(browser, server)
            ready = kernel_ready(page, server.url(f"notebooks/{path.name}"))
            print(f"{path.name:40} {ready:10.1f} s {run_all(page):7.1f} s", flush=True)
            page.context.close()
        print(f"all lessons: {time.perf_counter() - total:.0f} s")
        browser.close()


if __name__ == "__main__":
    main()
