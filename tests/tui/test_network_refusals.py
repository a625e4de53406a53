"""Issue #21, bad input over the network and on the command line: a message too long, not JSON, of another schema
version, or not a hello is refused with its reason and changes nothing (R-NET-02, R-NET-03); a seat cannot answer
for another player, whatever its message says (the token decides, R-NET-04); ``vas join`` that cannot join says
why in one line and exits 2 (R-NET-09).  Every wait is bounded (:data:`tests.tui.network_helpers.LIMIT`)."""

from __future__ import annotations

import asyncio
import json
import shlex
import socket
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.protocol import MAX_MESSAGE, Answer, Hello, Refusal, write
from tui import cli
from tui.join_command import ai_answer
from tui.serve_command import Host, make_host

from .network_helpers import LIMIT, joined, next_question, next_refusal, play_out, receive, serve_args, serve_while


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return load_data([])


def _state(host: Host) -> tuple[int, Any, str]:
    """What a refused message must leave as it was: the events, the question asked, the saved game."""
    session = host.session
    return len(session.campaign.state.events), session.pending, session.campaign.state.model_dump_json()


async def _closed(connection: Any) -> int | None:
    """The close code of a connection the server closes (within the limit); what it sends first is read."""
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(connection.recv(), LIMIT)
    return connection.close_code  # type: ignore[no-any-return]


def test_an_oversized_message_closes_the_seat_changing_nothing_and_the_seat_rejoins(tmp_path: Path,
                                                                                    data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    token = host.tokens[Player.ALLIES]

    async def clients(url: str) -> Any:
        early = await connect(url)
        await early.send("x" * (MAX_MESSAGE + 1))  # before the hello
        assert await _closed(early) == 1009  # "message too big"
        seat = await joined(url, Player.ALLIES, token)
        asked = await next_question(seat)
        before = _state(host)
        await seat.send(json.dumps({"kind": "answer", "ask": asked.ask, "type": "orders",
                                    "orders": [{"pad": "y" * MAX_MESSAGE}]}))
        assert await _closed(seat) == 1009
        assert _state(host) == before
        seat = await joined(url, Player.ALLIES, token)
        again = await next_question(seat)
        assert again.ask == asked.ask  # the same question, asked again
        await seat.send(write(ai_answer(again)))
        await play_out(seat)

    asyncio.run(serve_while(host, clients))
    assert host.session.over


@pytest.mark.parametrize(("first", "reason"), [
    ("not json", "not JSON"),
    (json.dumps({"version": 1, "kind": "hello", "seat": "japan", "token": "t"}), "schema version 1"),
    (json.dumps({"kind": "hello", "seat": "mars", "token": "t"}), "seat: Input should be"),
    (json.dumps({"kind": "hello", "seat": "japan", "token": "t", "player": "allies"}), "player: Extra inputs"),
    (write(Answer(ask=0, type="orders")), "say hello first"),
])
def test_a_bad_first_message_is_refused_with_its_reason_and_the_connection_closed(tmp_path: Path, data: Any,
                                                                                 first: str, reason: str) -> None:
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    before = _state(host)

    async def clients(url: str) -> Any:
        connection = await connect(url)
        await connection.send(first)
        refusal = await receive(connection)
        assert isinstance(refusal, Refusal) and reason in refusal.message
        assert await _closed(connection) == 1008  # policy violation

    asyncio.run(serve_while(host, clients))
    assert _state(host) == before


def test_a_seat_cannot_answer_for_another_player_whatever_its_message_says(tmp_path: Path, data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["allies", "japan"], turns=1), data)
    assert host.session.pending is not None and host.session.pending.player is Player.ALLIES  # R-PAC-25

    async def clients(url: str) -> Any:
        allies = await joined(url, Player.ALLIES, host.tokens[Player.ALLIES])
        japan = await joined(url, Player.JAPAN, host.tokens[Player.JAPAN])
        asked = await next_question(allies)
        before = _state(host)
        answer = ai_answer(asked)
        await japan.send(write(answer))  # the Allies' answer, sent by Japan's seat
        refusal = await next_refusal(japan)
        assert refusal.rule == "R-NET-04" and "is for the Allies, not for Japan" in refusal.message
        claimed = json.loads(write(answer)) | {"seat": "allies"}  # a message naming another seat is not one
        await japan.send(json.dumps(claimed))
        assert "seat: Extra inputs are not permitted" in (await next_refusal(japan)).message
        await japan.send(write(Hello(seat=Player.ALLIES, token=host.tokens[Player.ALLIES])))  # no second hello
        assert "already joined" in (await next_refusal(japan)).message
        assert _state(host) == before
        await allies.send(write(answer))  # the Allies' own seat is heard
        while host.session.pending == before[1]:
            await receive(allies)  # the game goes on past the Allies' decision

    asyncio.run(serve_while(host, clients))


# ---------------------------------------------------------------------------------------------- vas join, exit 2


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _join(capsys: Any, *words: str) -> tuple[int, str]:
    """``vas join WORDS`` in this process: the exit code and the one line it printed on stderr."""
    code = cli.main(["join", *words])
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return code, err.strip()


@pytest.mark.parametrize(("url", "says"), [
    ("notaurl", "notaurl is not a server address: give ws://HOST:PORT"),
    ("http://127.0.0.1:8765", "is not a server address"),
])
def test_join_with_a_bad_address_says_so_in_one_line(capsys: Any, url: str, says: str) -> None:
    code, line = _join(capsys, url, "--seat", "japan", "--token", "t")
    assert code == 2 and says in line and line.startswith("vas join: ")


def test_join_with_no_server_running_says_so_in_one_line(capsys: Any) -> None:
    url = f"ws://127.0.0.1:{_free_port()}"
    code, line = _join(capsys, url, "--seat", "japan", "--token", "t")
    assert (code, line) == (2, f"vas join: no server at {url} (connection refused): is vas serve running there?")


def test_join_as_a_seat_that_is_not_a_player_says_so_in_one_line(capsys: Any) -> None:
    code, line = _join(capsys, "ws://127.0.0.1:1", "--seat", "mars", "--token", "t")
    assert code == 2 and line == ("vas join: --seat mars: not a player; use japan, germany_italy, united_states, "
                                  "allies")


def test_join_a_server_that_does_not_speak_websocket_says_so_in_one_line(capsys: Any) -> None:
    async def http_only(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()

    async def run() -> tuple[int, str]:
        server = await asyncio.start_server(http_only, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await asyncio.wait_for(asyncio.to_thread(
                _join, capsys, f"ws://127.0.0.1:{port}", "--seat", "japan", "--token", "t"), LIMIT)

    code, line = asyncio.run(run())
    assert code == 2 and "is not a vas serve game" in line


@pytest.mark.parametrize(("seat", "token_of"), [
    ("japan", None),  # a wrong token
    ("allies", "japan"),  # another seat's token
    ("united_states", "japan"),  # a seat the server's AI plays
])
def test_join_refused_by_the_server_says_so_in_one_line_and_changes_nothing(
        tmp_path: Path, data: Any, capsys: Any, seat: str, token_of: str | None) -> None:
    host = make_host(serve_args(tmp_path, human=["japan", "allies"], turns=1), data)
    before = _state(host)
    token = "guess" if token_of is None else host.tokens[Player(token_of)]

    async def clients(url: str) -> Any:
        return await asyncio.to_thread(_join, capsys, url, "--seat", seat, "--token", token, "--ai", "baseline")

    code, line = asyncio.run(serve_while(host, clients))
    assert code == 2
    assert line == (f"vas join: the server refused the {seat} seat: wrong token for the {seat} seat, or it is not a "
                    "seat that joins (R-NET-02)")
    assert _state(host) == before


# ---------------------------------------------------------------------------------------------- vas serve, exit 2


def test_serve_with_an_autosave_that_cannot_be_written_says_so_before_any_work(tmp_path: Path, capsys: Any) -> None:
    (tmp_path / "afile").write_text("")
    (tmp_path / "game.json.seats.json").mkdir()
    for save, says in [(tmp_path / "afile" / "game.json", "is a file, not a folder"),
                       (tmp_path / "game.json", "game.json.seats.json beside it is a folder, not a file")]:
        assert cli.main(["serve", "--human", "japan", "--save", str(save), "--port", "0"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"vas serve: --save {save}: ") and says in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "game.json.seats.json"]  # nothing written


def test_a_new_served_game_never_writes_over_a_saved_one(tmp_path: Path, capsys: Any) -> None:
    """R-UI-113 (a fresh user's break test): ``vas serve --human japan --seed 12`` in the folder of a stopped game
    replaced its autosave, the game it had just been told to go on with, without a word."""
    save = tmp_path / "vas-serve.json"
    save.write_text("{}")
    assert cli.main(["serve", "--human", "japan", "--seed", "12", "--save", str(save), "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"vas serve: --save {save}: a game is saved there; go on with it (vas serve --load {save} "
                   "--human ...), give the new game another --save, or remove the file")
    assert save.read_text() == "{}" and sorted(p.name for p in tmp_path.iterdir()) == ["vas-serve.json"]


def test_serve_on_a_port_that_is_not_one_is_refused(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", "--port", "70000"])
    assert stopped.value.code == 2 and "--port: must be from 0 to 65535, not 70000" in capsys.readouterr().err


@pytest.mark.parametrize("words", [["serve", "--port", "0"], ["serve", "--load", "absent.json", "--port", "0"]])
def test_serve_with_no_human_seat_is_refused_before_any_work(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                                             words: list[str]) -> None:
    """R-UI-53: with no --human seat nobody could join; the server would play the whole game before listening."""
    monkeypatch.chdir(tmp_path)
    assert cli.main(words) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("vas serve: no --human seat: ") and "vas run" in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # no autosave, no tokens: nothing was played


def test_the_restart_line_names_the_seats_and_the_paths_given(tmp_path: Path) -> None:
    """R-NET-17 (a fresh user's report): the line a stopped server prints to go on was ``vas serve --load FILE``,
    which is refused (no --human seat); it names the same seats, the autosave whose tokens it reuses, the address
    and the data folders, each quoted for the shell, and parses back to them."""
    from tui.cli import build_parser
    from tui.serve_command import restart_line

    given = ["serve", "--human", "allies", "japan", "--seed", "3", "--save", str(tmp_path / "my game.json"),
             "--port", "18765", "--data", "over rides"]
    line = restart_line(build_parser().parse_args(given))
    assert line == (f"vas serve --load '{tmp_path / 'my game.json'}' --human japan allies "
                    f"--save '{tmp_path / 'my game.json'}' --port 18765 --data 'over rides'")
    again = build_parser().parse_args(shlex.split(line)[1:])
    assert (again.load, again.human, again.save, again.port, again.data) == (
        tmp_path / "my game.json", ["japan", "allies"], tmp_path / "my game.json", 18765, ["over rides"])
    assert restart_line(build_parser().parse_args(["serve", "--human", "japan"])) == (
        "vas serve --load vas-serve.json --human japan")
