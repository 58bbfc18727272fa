"""One request parser per map lookup (issue 29 item 6): `havoc los`, `havoc missile --map` and
`havoc swim` and the phone's map and swim pages hand what they received to the same parser
(`companion.dark_blades.sight_request`, `shot_request`, `swim_request`), so the same question
makes the same typed request and the same answer on both; a refusal names the same field, each
front end in its own words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.dark_blades import shot_request, sight_request, swim_request
from companion.dark_blades.maps import find_map
from companion.data import Cards
from companion.errors import FieldError


def _spy(monkeypatch: pytest.MonkeyPatch, module: Any, parse: str, answer: str) -> list:
    """Record each request ``module.parse`` makes and each answer ``module.answer`` gives, as
    (request, answer) pairs, while calling through."""
    seen: list = []
    real_parse, real_answer = getattr(module, parse), getattr(module, answer)

    def parsed(*args: Any, **kwargs: Any) -> Any:
        asked = real_parse(*args, **kwargs)
        seen.append(["request", asked])
        return asked

    def answered(*args: Any, **kwargs: Any) -> Any:
        record = real_answer(*args, **kwargs)
        seen.append(["answer", record])
        return record

    monkeypatch.setattr(module, parse, parsed)
    monkeypatch.setattr(module, answer, answered)
    return seen


@pytest.mark.parametrize(
    ("cli", "query"),
    [
        (["los", "arena", "K1", "K3"], "/dark-blades/maps/arena?f=K1&t=K3"),
        (["los", "arena", "K1", "K3,K4"], "/dark-blades/maps/arena?f=K1&t=K3&t2=K4"),
        (["los", "mill", "C2", "J9"], "/dark-blades/maps/mill?f=C2&t=J9"),
        (
            ["los", "--layout", "raid", "mill:C4", "arena:K3"],
            "/dark-blades/maps/layout/raid?f=mill:C4&t=arena:K3",
        ),
    ],
)
def test_the_line_of_sight_is_one_request_and_one_answer(
    havoc, site, monkeypatch, cli: list[str], query: str
) -> None:
    seen = _spy(monkeypatch, sight_request, "sight_request", "sight")
    said = havoc(*cli, "--json")
    assert said.exit_code == 0, said.output
    page = site.client.get(query)
    assert page.status_code == 200
    (_, by_cli), (_, cli_sight), (_, by_page), (_, page_sight) = seen
    # the same board (by its kind and file name: each front end may hold its own copy of a
    # map it read), the same firer's hex and target's hexes
    assert _same_board(by_cli) == _same_board(by_page)
    # the same range, line, cover, readings (the map said by its key, as the board above)
    assert _by_key(cli_sight) == _by_key(page_sight)
    data, text = json.loads(said.output), page.get_data(as_text=True)
    assert f"range {data['range']}" in text.lower() or f"Range {data['range']}" in text
    assert data["cover"] in text


def test_a_shot_from_the_map_is_one_request_and_one_answer(havoc, site, monkeypatch) -> None:
    seen = _spy(monkeypatch, shot_request, "shot_request", "shot")
    cli = ["missile", "shortbow", "8", "i", "--map", "arena", "--from", "K1", "--to", "K5"]
    said = havoc(*cli, "--die", "4", "--json")
    assert said.exit_code == 0, said.output
    page = site.client.get("/dark-blades/maps/arena?f=K1&t=K5&w=shortbow&d=8&k=infantry&die=4")
    assert page.status_code == 200
    (_, by_cli), (_, cli_record), (_, by_page), (_, page_record) = seen
    assert by_cli.request == by_page.request  # weapon, range and cover from the map, defence
    assert cli_record.as_dict() == page_record.as_dict()
    result = json.loads(said.output)["result"]
    assert result and f">{result}<" in page.get_data(as_text=True).replace(" ", "")


def test_a_horseman_shot_from_the_map_is_one_request(havoc, site, monkeypatch) -> None:
    seen = _spy(monkeypatch, shot_request, "shot_request", "shot")
    cli = ["missile", "shortbow", "8", "--map", "arena", "--from", "K1", "--to", "K5,K6"]
    assert havoc(*cli, "--die", "2").exit_code == 0
    query = "/dark-blades/maps/arena?f=K1&t=K5&t2=K6&w=shortbow&d=8&die=2"
    assert site.client.get(query).status_code == 200
    (_, by_cli), (_, cli_record), (_, by_page), (_, page_record) = seen
    assert by_cli.request == by_page.request and by_cli.request.target == "mounted"
    assert cli_record.as_dict() == page_record.as_dict()


def test_the_swim_is_one_request_and_one_answer(havoc, site, monkeypatch) -> None:
    seen = _spy(monkeypatch, swim_request, "swim_request", "swim_answer")
    refused = 0
    for cli, query in (
        (["swim", "mill", "G8", "5", "3"], "/dark-blades/swim/mill?h=G8&d=5+3"),
        (
            ["swim", "mill", "G8", "5", "--hurt", "stunned"],
            "/dark-blades/swim/mill?h=G8&d=5&hurt=stunned",
        ),
        (
            ["swim", "mill", "L3", "6", "3", "--seed", "4"],
            "/dark-blades/swim/mill?h=L3&d=6,3&seed=4",
        ),
    ):
        seen.clear()
        said = havoc(*cli, "--json")
        page = site.client.get(query)
        if said.exit_code:  # refused alike (a stunned swimmer rolls no die): no answer on either
            assert said.exit_code == 2 and page.status_code == 400
            assert [kind for kind, _ in seen] == ["request", "request"]
            refused += 1
            continue
        assert page.status_code == 200
        (_, by_cli), (_, cli_swim), (_, by_page), (_, page_swim) = seen
        assert by_cli == by_page and cli_swim.as_dict() == page_swim.as_dict()
    assert refused == 1


def test_a_refusal_names_the_same_field_in_each_front_ends_words(havoc, site) -> None:
    cases = (  # the rules' refusal, said by `havoc los`, `havoc missile` and the page
        (["los", "arena", "K1", "K3,K5"], "TO K3,K5: "),
        (
            ["missile", "shortbow", "8", "--map", "arena", "--from", "K1", "--to", "K3,K5"],
            "--to K3,K5: ",
        ),
    )
    reason = "a mounted character occupies two neighbouring hexes"
    for cli, words in cases:
        said = havoc(*cli)
        assert said.exit_code == 2 and f"{words}{reason}" in said.output, said.output
    page = site.client.get("/dark-blades/maps/arena?f=K1&t=K3&t2=K5")
    assert page.status_code == 400 and f"“Target” K3,K5: {reason}" in page.get_data(as_text=True)
    # The parser alone: the field is the rules' own name, no front end's word.
    arena = find_map(Cards(), "arena")
    with pytest.raises(FieldError) as caught:
        sight_request.sight_request(Cards(), arena, {"origin": "K1", "target_hexes": "K3,K5"})
    assert caught.value.field == "target_hexes" and caught.value.reason.startswith(reason)


def _same_board(request):
    """The request with its board said by its kind and key, not by the object."""
    board = request.board
    return request._replace(board=(type(board).__name__, board.key))


def _by_key(sight):
    """The answer with each map in it (a horseman's parts, the other reading's too) said by
    its key, not by the object."""
    if sight is None:
        return None
    return sight._replace(
        map=sight.map.key,
        parts=tuple(_by_key(p) for p in sight.parts),
        other=_by_key(sight.other),
    )
