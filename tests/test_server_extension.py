"""The server extension that sends the kernel's replies at once (TCP_NODELAY on kernel websockets)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from euchre_lesson import server_extension
from euchre_lesson.server_extension import PromptZMQChannelsWebsocketConnection, without_delay

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "jupyter-config/jupyter_server_config.d/euchre_lesson.json"


class Handler:
    """A websocket handler that remembers whether Nagle's algorithm was turned off."""

    nodelay = None

    def set_nodelay(self, value: bool) -> None:
        self.nodelay = value


class Connection:
    """A kernel websocket connection that records what it saw as it connected."""

    def __init__(self, handler):
        self.websocket_handler = handler

    def connect(self):
        self.nodelay_when_connecting = self.websocket_handler.nodelay
        return "the base's future"


class AsyncConnection(Connection):
    async def connect(self):  # a gateway's connection connects in a coroutine
        return Connection.connect(self)


def test_a_connection_turns_nagle_off_before_it_connects():
    connection = without_delay(Connection)(Handler())
    assert connection.connect() == "the base's future"
    assert connection.nodelay_when_connecting is True


def finished(coroutine):
    """What a coroutine that never waits returns (stepped by hand: the suite may already run an event loop)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the coroutine waited")


def test_a_connection_that_connects_in_a_coroutine_is_awaited_as_before():
    connection = without_delay(AsyncConnection)(Handler())
    assert finished(connection.connect()) == "the base's future" and connection.nodelay_when_connecting is True


def test_loading_wraps_the_connection_class_the_server_was_given():
    app = SimpleNamespace(
        web_app=SimpleNamespace(settings={"kernel_websocket_connection_class": ZMQChannelsWebsocketConnection})
    )
    server_extension._load_jupyter_server_extension(app)
    wrapped = app.web_app.settings["kernel_websocket_connection_class"]
    assert issubclass(wrapped, ZMQChannelsWebsocketConnection) and wrapped is not ZMQChannelsWebsocketConnection
    assert server_extension._jupyter_server_extension_points() == [{"module": "euchre_lesson.server_extension"}]


def test_the_package_installs_the_configuration_that_enables_it():
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert data_files == {"etc/jupyter/jupyter_server_config.d": [CONFIG]}
    enabled = json.loads((ROOT / CONFIG).read_text())["ServerApp"]["jpserver_extensions"]
    assert enabled == {"euchre_lesson.server_extension": True}


@pytest.mark.slow
def test_the_test_environment_has_it_enabled():
    """make test puts the configuration in .venv (an editable install skips data files): the server loads it."""
    listed = subprocess.run(
        [str(Path(sys.executable).parent / "jupyter"), "server", "extension", "list"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [line for line in listed.stderr.splitlines() + listed.stdout.splitlines() if "euchre_lesson" in line]
    assert any("enabled" in line for line in lines) and any("OK" in line for line in lines), lines


def test_the_voila_app_connects_its_kernels_without_delay():
    """make app names the prompt connection class, a ZMQ connection turning Nagle off (the app's browser test
    starts Voila with the same option)."""
    option = (
        "--Voila.kernel_websocket_connection_class=euchre_lesson.server_extension.PromptZMQChannelsWebsocketConnection"
    )
    assert option in (ROOT / "Makefile").read_text().replace("\\\n\t\t", "")
    assert PromptZMQChannelsWebsocketConnection.__mro__[1] is ZMQChannelsWebsocketConnection


def test_jupyter_server_still_connects_kernels_as_the_extension_relies_on():
    """The contract with jupyter_server (2.x; the one door to it is server_extension.py). When upgrading, check:
    the web app's setting "kernel_websocket_connection_class" (the ServerApp option of that name, and Voila's) is
    still the class each kernel websocket handler makes its connection from, given `websocket_handler=` the handler;
    a connection still has `websocket_handler` and `connect()`; the handler is still tornado's, with set_nodelay."""
    import inspect

    from jupyter_server.serverapp import ServerApp
    from jupyter_server.services.kernels.connection.abc import KernelWebsocketConnectionABC
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from tornado.websocket import WebSocketHandler
    from voila.app import Voila

    assert "kernel_websocket_connection_class" in ServerApp.class_trait_names()
    assert "kernel_websocket_connection_class" in Voila.class_trait_names()
    handler = SimpleNamespace(settings={"kernel_websocket_connection_class": PromptZMQChannelsWebsocketConnection})
    made_from = KernelWebsocketHandler.kernel_websocket_connection_class.fget(handler)
    assert made_from is PromptZMQChannelsWebsocketConnection
    assert "self.kernel_websocket_connection_class(" in inspect.getsource(KernelWebsocketHandler)
    assert "websocket_handler=self" in inspect.getsource(KernelWebsocketHandler)
    assert "websocket_handler" in KernelWebsocketConnectionABC.__annotations__
    assert "connect" in KernelWebsocketConnectionABC.__abstractmethods__
    assert issubclass(KernelWebsocketHandler, WebSocketHandler) and callable(WebSocketHandler.set_nodelay)
