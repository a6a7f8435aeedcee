"""The browser tests leave no event loop running in the main thread (Playwright's sync API keeps one while it runs).

`make test` runs tests/browser first: after them, asyncio.run and a Playwright of a test's own must still work. A
Chromium left running made eight tests of a clean-clone run fail (asyncio.run() cannot be called from a running event
loop); the browser tests' conftest now stops it after their last test."""

from __future__ import annotations

import asyncio


def test_no_event_loop_is_left_running_in_the_main_thread():
    async def answer() -> int:
        return 42

    assert asyncio.run(answer()) == 42
