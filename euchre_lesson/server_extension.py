"""A Jupyter server extension: the kernel's replies reach the page at once, not up to 40 ms late.

A click at the table brings back a burst of small widget messages. On a kernel websocket the
Jupyter server leaves Nagle's algorithm on, so the operating system holds each small write until
the page acknowledges the one before, and the page delays its acknowledgements by up to 40 ms:
measured, a selection took 45 ms where 12 would do. Turning Nagle off (TCP_NODELAY) sends every
message when it is written. Installing the package turns the extension on (see jupyter-config/); the Voila app
(make app) names PromptZMQChannelsWebsocketConnection as its kernel websocket connection class.

Where Voila's pages are on (make lessons), the extension also tells the kernels where, so that a rule link drawn
in JupyterLab opens the rule book's page at the rule.

This module is the one door to jupyter_server's internals (the web app's "kernel_websocket_connection_class"
setting, a connection's `websocket_handler`): tests/test_server_extension.py checks them against the installed
version.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from .engine.display import PAGES_SETTING, ROOT_SETTING

if TYPE_CHECKING:
    from jupyter_server.serverapp import ServerApp


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "euchre_lesson.server_extension"}]


def _load_jupyter_server_extension(server_app: ServerApp) -> None:
    """Make the server's kernel websockets send without delay, and tell its kernels where the lessons' pages are."""
    settings = server_app.web_app.settings
    settings["kernel_websocket_connection_class"] = without_delay(settings["kernel_websocket_connection_class"])
    os.environ.update(
        pages_settings(
            getattr(server_app, "jpserver_extensions", {}),
            getattr(server_app, "base_url", "/"),
            getattr(server_app, "root_dir", "."),
        )
    )


def pages_settings(extensions: dict, base_url: str, root_dir: str) -> dict[str, str]:
    """Where Voila shows the folder's notebooks as pages, for the rule links the kernels draw (none without Voila).

    A kernel inherits the server's environment: so a rule link in JupyterLab opens the rule book's page, which
    lands on the rule (engine.display.rule_book_address)."""
    if not any(on and name.split(".")[0] == "voila" for name, on in extensions.items()):  # voila.server_extension
        return {}
    return {PAGES_SETTING: base_url.rstrip("/") + "/voila/render/", ROOT_SETTING: os.path.abspath(root_dir)}


def without_delay(connection: type) -> type:
    """A kernel websocket connection class like `connection` that turns Nagle's algorithm off as it connects."""

    class PromptConnection(connection):
        def connect(self) -> Any:
            self.websocket_handler.set_nodelay(True)
            return super().connect()  # a future or a coroutine, whichever the base returns: the server awaits it

    PromptConnection.__qualname__ = PromptConnection.__name__ = f"Prompt{connection.__name__}"
    return PromptConnection


PromptZMQChannelsWebsocketConnection = without_delay(ZMQChannelsWebsocketConnection)  # the Voila app's
