"""`seaview_rules.svg` and each game's ``svg`` module: every picture is an SVG 1.1
document with titles, the same bytes for the same input; a picture of a view shows
nothing the view hides, a picture of a state everything; links go to exactly the legal
moves; a game without a picture is drawn as its text; the golden pictures have not
changed unless regenerated on purpose."""

from __future__ import annotations

import difflib
import importlib.util
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import GAMES, OMNISCIENT, leagues, ships_wheel, svg, voyage
from seaview_rules.leagues import testing as lst
from seaview_rules.ships_wheel import testing as sst
from seaview_rules.voyage import testing as vst
from tests.helpers import examples, told_play

GOLDEN = Path(__file__).parent / "golden" / "svg"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"

PRESENTATION = frozenset(
    [
        "fill",
        "fill-opacity",
        "stroke",
        "stroke-width",
        "stroke-opacity",
        "stroke-dasharray",
        "stroke-linecap",
        "stroke-linejoin",
        "font-family",
        "font-size",
        "font-weight",
        "font-style",
        "text-anchor",
        "transform",
    ]
)
SVG11 = {
    "svg": {"version", "width", "height", "viewBox"},
    "title": set(),
    "g": set(),
    "a": {XLINK},
    "rect": {"x", "y", "width", "height", "rx"},
    "circle": {"cx", "cy", "r"},
    "ellipse": {"cx", "cy", "rx", "ry"},
    "line": {"x1", "y1", "x2", "y2"},
    "path": {"d"},
    "polygon": {"points"},
    "text": {"x", "y", "textLength", "lengthAdjust"},
}
"""The SVG 1.1 elements the pictures use, each with the attributes of its own it may
have (besides the presentation attributes every one of them takes in SVG 1.1)."""


def parse(picture: str) -> ET.Element:
    """The picture's root, after checking that it is an SVG 1.1 document that uses only
    the elements and attributes of `SVG11`, and has a title for the whole and for every
    card and square."""
    assert picture.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("version") == "1.1"
    first = root[0]
    assert first.tag == f"{SVG}title"
    assert first.text
    for element in root.iter():
        name = element.tag.removeprefix(SVG)
        assert name in SVG11, name
        unknown = set(element.attrib) - SVG11[name] - PRESENTATION
        assert not unknown, (name, unknown)
        if name == "g" and element.get("transform"):  # a card
            assert element[0].tag == f"{SVG}title"
    return root


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}title")]


def links(root: ET.Element) -> set[str]:
    return {unquote(a.get(XLINK, "").removeprefix("#move=")) for a in root.iter(f"{SVG}a")}


def tappable(root: ET.Element) -> bool:
    """Whether every link of the picture holds a filled shape, so that a click or a tap
    anywhere on it lands (an outline alone is hit only on its stroke)."""
    shapes = {f"{SVG}{name}" for name in ("rect", "circle", "ellipse", "path", "polygon")}
    return all(
        any(e.tag in shapes and e.get("fill", "black") != "none" for e in a.iter())
        for a in root.iter(f"{SVG}a")
    )


def mentions(picture: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", picture) is not None


# --- every game --------------------------------------------------------------------


@given(st.data())
@examples(30)
def test_every_picture_of_a_state_or_view_is_svg_with_titles_and_the_same_each_time(
    data: st.DataObject,
) -> None:
    game = data.draw(st.sampled_from(sorted(GAMES)))
    strategies = {"voyage": vst, "leagues": lst, "ships_wheel": sst}[game]
    state = data.draw(strategies.states(max_moves=120))
    seat = data.draw(st.none() | st.integers(0, GAMES[game].players(state.rules) - 1))
    for obj in (state, GAMES[game].view(state, seat)):
        picture = svg.render(obj)
        parse(picture)
        assert svg.render(obj) == picture
        assert svg.render(GAMES[game].loads(GAMES[game].dumps(obj))) == picture


def test_the_pieces_are_svg_with_titles() -> None:
    for picture in (
        leagues.svg.board(leagues.default_board()),
        leagues.svg.spinner(leagues.default_spinner()),
        voyage.svg.card(voyage.Card.parse("G13")),
        ships_wheel.svg.card(ships_wheel.Card.parse("white-starfish")),
        voyage.svg.hand([]),
        ships_wheel.svg.hand([]),
        voyage.svg.deck(voyage.Rules(players=2, colours=1, numbers=3, hand_size=1)),
        ships_wheel.svg.deck(ships_wheel.Rules(decks=2)),
    ):
        parse(picture)


def test_render_refuses_what_is_no_state_or_view_and_options_of_another_game() -> None:
    with pytest.raises(TypeError, match="not Board; a single piece is drawn by its game"):
        svg.render(leagues.default_board())
    with pytest.raises(
        TypeError, match="takes the options before, effects, legend, width, names, last, not moves"
    ):
        svg.render(leagues.new_game(leagues.Rules(players=2)), moves=True)
    with pytest.raises(
        TypeError, match="a voyage picture takes the options moves, width, names, last, not before"
    ):
        svg.render(voyage.new_game(voyage.Rules(players=2)), before=None)
    with pytest.raises(TypeError, match="not a Voyage card"):
        voyage.svg.hand([voyage.Card.parse("R1"), "R2"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not a Ship's Wheel card"):
        ships_wheel.svg.hand([voyage.Card.parse("R1")])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="a leagues picture draws a state or a view"):
        svg.draw(GAMES["leagues"], voyage.new_game(voyage.Rules(players=2)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_declares_its_picture_and_render_asks_it(name: str) -> None:
    game = GAMES[name]
    assert game.picture is not None
    state = game.new_game(game.rules_type())
    for obj in (state, game.view(state, None)):
        assert svg.render(obj) == game.picture(obj) == svg.draw(game, obj)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_without_a_picture_is_drawn_as_its_text_and_takes_no_options(name: str) -> None:
    game = attrs.evolve(GAMES[name], picture=None)
    rng = random.Random(3)
    state = game.new_game(game.rules_type())
    for _ in range(12):
        if game.is_terminal(state):
            break
        player = game.current_player(state)
        legal = game.legal_moves(state)
        move = rng.choice(legal) if isinstance(player, int) else game.sample_chance(state, rng)
        state = game.apply_move(state, move)
    for obj in (state, game.view(state, 0), game.view(state, None)):
        picture = svg.draw(game, obj)
        root = parse(picture)
        assert titles(root) == [f"{game.title}, as text"]
        lines = [t.text or "" for t in root.iter(f"{SVG}text")]
        assert lines == [
            line.replace(" ", "\N{NO-BREAK SPACE}") for line in game.render(obj).splitlines()
        ]
        assert svg.draw(game, obj) == picture
    with pytest.raises(TypeError, match=f"a {name} picture takes no options, not legend, moves"):
        svg.draw(game, state, moves=True, legend=False)


# --- what a picture shows ----------------------------------------------------------


def _face_name(card: voyage.Card) -> str:
    return f"{card} ({card.colour.name.lower()} {card.number})"


@given(vst.states(), st.randoms(use_true_random=False))
def test_a_voyage_seat_picture_shows_its_hand_and_no_hidden_card(
    state: voyage.State, rng: random.Random
) -> None:
    """The other hands and the draw pile are hidden (VOY-R9); the picture of a seat's view
    names none of their cards, and is the same in every state the seat cannot tell apart."""
    for seat in range(state.rules.players):
        picture = svg.render(voyage.view(state, seat))
        hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
        hidden |= set(state.draw_pile)
        for card in state.rules.deck:
            assert mentions(picture, _face_name(card)) is (card not in hidden), card
        twin = vst.hidden_twin(state, seat, rng)
        assert svg.render(voyage.view(twin, seat)) == picture


@given(vst.states())
def test_a_voyage_state_picture_shows_every_card_and_a_spectator_no_hand(
    state: voyage.State,
) -> None:
    everything = svg.render(state)
    assert all(mentions(everything, _face_name(card)) for card in state.rules.deck)
    spectator = svg.render(voyage.view(state, None))
    for hand in state.hands:
        assert not any(mentions(spectator, _face_name(card)) for card in hand)


@given(sst.states(rules=sst.rules(max_players=4)), st.randoms(use_true_random=False))
def test_a_ships_wheel_seat_picture_shows_no_hidden_card_or_pass(
    state: ships_wheel.State, rng: random.Random
) -> None:
    """Other hands, the deck, the cards under each pile's top and other seats' pending
    pass choices are hidden (SW-R7): the picture is the same in every state the seat
    cannot tell apart, and names no plain card of a single deck that it cannot see."""
    cards = state.rules.table.cards
    for seat in range(state.rules.players):
        picture = svg.render(ships_wheel.view(state, seat))
        twin = sst.hidden_twin(state, seat, rng)
        assert svg.render(ships_wheel.view(twin, seat)) == picture
        seen = set(state.hands[seat]) | {pile[-1] for pile in state.piles if pile}
        if state.rules.decks == 1:
            for i in set(state.deck) | {i for pile in state.piles for i in pile[:-1]}:
                card = cards[i]
                if card.kind is ships_wheel.Kind.PLAIN and i not in seen:
                    assert not mentions(picture, str(card)), card


@given(sst.states(phases=frozenset({ships_wheel.Phase.PASS})))
def test_a_ships_wheel_state_picture_shows_every_pass_choice_and_who_has_chosen(
    state: ships_wheel.State,
) -> None:
    picture = svg.render(state)
    if state.phase is not ships_wheel.Phase.PASS:  # the match ended first
        return
    n = state.rules.players
    chosen = [seat for seat in range(n) if state.passing[seat] is not None]
    for seat in range(n):
        assert (f">to seat {(seat + 1) % n}<" in picture) is (seat in chosen)
    said = re.search(r"chosen so far: ([^<]*)<", picture)
    assert said is not None
    assert {int(s) for s in re.findall(r"seat (\d+)", said.group(1))} == set(chosen)


@given(
    st.sampled_from(["voyage", "ships_wheel"]).flatmap(
        lambda g: st.tuples(st.just(g), (vst if g == "voyage" else sst).views())
    )
)
def test_links_go_to_exactly_the_legal_moves_and_only_when_asked(pair: tuple[str, Any]) -> None:
    _, view = pair
    linked = parse(svg.render(view, moves=True))
    assert links(linked) == {str(m) for m in view.legal_moves}
    assert tappable(linked)
    assert links(parse(svg.render(view))) == set()


def test_a_draw_from_an_empty_draw_pile_is_a_link_on_the_empty_place() -> None:
    # Found by Hypothesis: with the draw pile empty, "draw" (which turns the discards
    # over first) was legal but had no link, because no card back was drawn to carry it.
    rules = voyage.Rules(players=2, colours=2, numbers=2, hand_size=2, target=1)
    rng = random.Random(4)
    found = 0
    for _ in range(200):  # bounded: random matches until some such views are seen
        state = voyage.new_game(rules)
        while not voyage.is_terminal(state):
            player = voyage.current_player(state)
            if isinstance(player, int):
                view = voyage.view(state, player)
                if view.draw_pile_size == 0 and voyage.Action.DRAW in view.legal_moves:
                    linked = parse(svg.render(view, moves=True))
                    assert "draw" in links(linked)
                    assert tappable(linked)  # the empty place is filled: a tap lands
                    found += 1
                state = voyage.apply_move(state, rng.choice(voyage.legal_moves(state)))
            else:
                state = voyage.apply_move(state, voyage.sample_chance(state, rng))
        if found >= 5:
            break
    assert found >= 5


def test_a_state_picture_links_the_moves_of_the_seat_to_move() -> None:
    state = voyage.new_game(voyage.Rules(players=2, colours=1, numbers=4, hand_size=2))
    while voyage.current_player(state) != state.player:  # deal R1 to R4 in turn
        state = voyage.apply_move(state, voyage.chance_outcomes(state)[0][0])
    assert state.player == 1  # on the dealer's left, he leads with either card
    assert links(parse(svg.render(state, moves=True))) == {"R1", "R3"}


def test_the_board_names_where_every_effect_sends_a_diver() -> None:
    board = leagues.default_board()
    names = titles(parse(leagues.svg.board(board)))
    arrows = [t for t in names if " arrow: down to " in t]
    assert len(arrows) == board.squares.count(leagues.SquareKind.ARROW)
    assert "(1, 2) arrow: down to (2, 2), spin again" in names
    assert sum(" starfish: down to " in t for t in names) == board.squares.count(
        leagues.SquareKind.STARFISH
    )
    assert sum(" octopus: up to " in t for t in names) == board.squares.count(
        leagues.SquareKind.OCTOPUS
    )
    assert "where each arrow, starfish and octopus sends a diver" in names
    assert "where each arrow" not in leagues.svg.board(board, effects=False)


def test_a_leagues_view_is_drawn_as_its_state_and_the_last_spin_as_a_path() -> None:
    rules = leagues.Rules(
        players=2, spin_off=False, board=leagues.Board.from_rows(["S..v", "..v.", ".X.."])
    )
    before = leagues.new_game(rules)
    after = leagues.apply_move(before, leagues.parse_move("3R"))
    assert (
        svg.render(leagues.view(after, 1))
        == svg.render(after)
        == svg.render(leagues.view(after, None))
    )
    picture = svg.render(after, before=before)
    assert "the path of seat 0's last spin, from the start square" in titles(parse(picture))
    assert "seat 0's diver on (2, 4)" in picture


def test_the_last_spins_path_is_drawn_from_its_events_as_from_the_state_before() -> None:
    """Issue 47: a table's page has the last move's events, not the state before it;
    the path of a spin is drawn from them (`Spun.start` says where the diver stood), at
    every width, the same as from the state before."""
    path = re.compile(r"<g><title>the path of seat \d's last spin.*?</g>", re.S)
    rng, drawn = random.Random(7), 0
    before = leagues.new_game(leagues.Rules(players=3))
    for spins in range(120):
        move = leagues.sample_chance(before, rng)
        after = leagues.apply_move(before, move)
        told = leagues.events(before, move, seat=1)
        width = (None, 390, 1280)[spins % 3]
        seen = leagues.view(after, 1)
        from_before = path.findall(svg.render(seen, before=before, width=width))
        assert path.findall(svg.render(seen, last=told, width=width)) == from_before
        if from_before:  # it starts where the diver stood before the spin
            board, square = before.rules.board, before.positions[before.player]
            row, column = board.coordinates(square)
            where = "the start square" if square == board.start else f"({row}, {column})"
            assert f"last spin, from {where}</title>" in from_before[0]
            drawn += 1
        before = leagues.new_game(before.rules) if leagues.is_terminal(after) else after
    assert drawn > 60  # most spins move a diver


def test_the_spinner_gives_each_segment_its_chance_and_marks_the_spin() -> None:
    spinner = leagues.Spinner.parse("1R 2L*3")
    names = titles(parse(leagues.svg.spinner(spinner, spun=leagues.parse_move("2L"))))
    assert "1R: 1 in 4" in names
    assert "2L: 3 in 4" in names
    assert "the needle on 2L" in names
    with pytest.raises(ValueError, match="cannot show 3R"):
        leagues.svg.spinner(spinner, spun=leagues.parse_move("3R"))


def test_a_deck_shows_each_kind_of_card_once_with_its_copies() -> None:
    names = titles(parse(ships_wheel.svg.deck(ships_wheel.Rules(decks=2))))
    assert names[0] == "the Ship's Wheel deck, 152 cards"
    assert names.count("anchor") == 1
    assert ships_wheel.svg.deck(ships_wheel.Rules(decks=2)).count(">6 copies<") == 2  # the Starfish
    assert titles(parse(voyage.svg.deck(voyage.Rules())))[0] == "the Voyage deck, 39 cards"


# --- golden pictures ---------------------------------------------------------------


def load_cases() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_svg", GOLDEN / "regenerate_pictures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cases = load_cases()


def test_every_golden_picture_has_its_case_and_every_case_its_file() -> None:
    assert {p.stem for p in GOLDEN.glob("*.svg")} == set(cases.CASES)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_the_golden_picture_is_drawn_the_same(name: str) -> None:
    expected = (GOLDEN / f"{name}.svg").read_text(encoding="utf-8")
    actual = cases.CASES[name]() + "\n"
    if actual != expected:
        lines = difflib.unified_diff(
            expected.replace("><", ">\n<").splitlines(),
            actual.replace("><", ">\n<").splitlines(),
            "golden",
            "now",
            lineterm="",
            n=1,
        )
        pytest.fail(
            f"{name}.svg changed; if on purpose, run python tests/golden/svg/regenerate_pictures.py\n"
            + "\n".join(list(lines)[:40])
        )


# --- pictures that fit a phone: width, names, the last move -------------------------

LEAST = 11
"""The smallest text a picture may show, in CSS pixels as rendered."""
NASTY = ('<b>Ann</b> & "co"', "Bo\nthe second", "Cyrano de Bergerac of Gascony", "Di", "E", "F")
"""Players' names as a user may type them: markup, a line break, more than fits."""
_SCALE = re.compile(r"scale\(([\d.]+)\)")


def shown(picture: str, at: float) -> tuple[float, float, float]:
    """The picture put in a box ``at`` CSS pixels wide as a page does (at most its own
    width, ``max-width: 100%``): the width it is shown at, the scale from its viewBox to
    that, and its smallest text as rendered (font-size times every scale above it)."""
    root = parse(picture)
    box = [float(v) for v in (root.get("viewBox") or "").split()]
    width = min(float(root.get("width") or 0), at)
    scale = width / box[2]

    def smallest(element: ET.Element, factor: float) -> float:
        found = _SCALE.search(element.get("transform") or "")
        factor *= float(found.group(1)) if found else 1.0
        least = float("inf")
        if element.tag == f"{SVG}text":
            least = float(element.get("font-size") or 0) * factor
        for child in element:
            least = min(least, smallest(child, factor))
        return least

    return width, scale, smallest(root, scale)


def _texts(picture: str) -> list[str]:
    return ["".join(t.itertext()) for t in parse(picture).iter(f"{SVG}text")]


def _played(game: str, rules: Any, seed: int, steps: int) -> tuple[Any, tuple[Any, ...]]:
    """The state after ``steps`` seeded random moves (or the end), and the events of the
    last move, as the omniscient log has them."""
    start = GAMES[game].new_game(rules)
    *_, last = (start, ()), *told_play(GAMES[game], start, random.Random(seed), steps)
    return last


@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(0, 10**6),
    st.integers(0, 400),
    st.sampled_from([320, 390, 1280]),
)
@examples(40)
def test_at_a_display_width_a_picture_fits_and_every_text_is_at_least_11_px(
    name: str, seed: int, steps: int, width: int
) -> None:
    game = GAMES[name]
    rules = game.rules_type(players=3) if name != "leagues" else leagues.Rules(players=4)
    state, told = _played(name, rules, seed, steps)
    players = game.players(state.rules)
    for seat in (None, 0, players - 1):
        seen = game.view(state, seat)
        picture = (
            svg.render(seen, width=width, names=NASTY[:players], last=told, moves=True)
            if name != "leagues"
            else svg.render(seen, width=width, names=NASTY[:players], last=told)
        )
        on_screen, scale, least = shown(picture, width)
        assert on_screen <= width
        assert scale == 1.0  # drawn at the width it is shown at: nothing to scroll sideways
        assert least >= LEAST, (name, seat, least)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_at_its_own_width_on_a_wide_screen_a_picture_s_texts_are_at_least_11_px(
    name: str,
) -> None:
    game = GAMES[name]
    for seed in range(3):
        state, _ = _played(name, game.rules_type(), seed, 60)
        for obj in (state, game.view(state, 0), game.view(state, None)):
            _, scale, least = shown(svg.render(obj), 1280)
            assert scale == 1.0
            assert least >= LEAST


def test_the_leagues_board_and_spinner_fit_one_screen_at_390_x_844_and_1280_x_800() -> None:
    state, told = _played("leagues", leagues.Rules(players=4), 5, 30)
    for width, most in ((390, 640), (1280, 600)):
        picture = svg.render(leagues.view(state, 1), width=width, last=told)
        root = parse(picture)
        assert float(root.get("width") or 0) <= width
        assert float(root.get("height") or 0) <= most
        names = titles(root)
        assert any(t.startswith("spinner with 12 segments") for t in names)
        assert sum(t.startswith("seat ") and "'s diver on " in t for t in names) == 4
    # today's picture is left as it was: 20 rows of 34 pixels, no spinner
    assert "spinner with" not in svg.render(state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_names_are_said_instead_of_seat_numbers_escaped_and_cut(name: str) -> None:
    game = GAMES[name]
    state, told = _played(name, game.rules_type(players=3), 7, 40)
    for width in (None, 390):
        picture = svg.render(game.view(state, 0), width=width, names=NASTY[:3], last=told)
        assert "<b>" not in picture
        assert "&lt;b&gt;Ann&lt;/b&gt; &amp;" in picture
        said = "\n".join(_texts(picture))
        assert '<b>Ann</b> & "c\N{HORIZONTAL ELLIPSIS}' in said
        assert "Bo the second" in said
        assert "Cyrano de Bergerac" not in said
        assert "Cyrano de Berge\N{HORIZONTAL ELLIPSIS}" in said
        assert not re.search(r"\bseats? \d", said), said
    plain = "\n".join(_texts(svg.render(game.view(state, 0))))
    assert re.search(r"\bseat \d", plain)


def test_names_and_width_are_checked() -> None:
    state = voyage.new_game(voyage.Rules(players=2))
    with pytest.raises(ValueError, match="one per seat: 2, not 1"):
        svg.render(state, names=["Ann"])
    with pytest.raises(TypeError, match="sequence of strings"):
        svg.render(state, names="Ann")
    with pytest.raises(ValueError, match="from 280 to 4096, not 100"):
        svg.render(state, width=100)
    with pytest.raises(TypeError, match="an int or None, not float"):
        svg.render(state, width=390.0)
    with pytest.raises(TypeError, match="last move is a sequence of events"):
        svg.render(state, last="R7")


def _marks(picture: str) -> list[ET.Element]:
    """The elements outlined in the last move's colour."""
    return [e for e in parse(picture).iter() if e.get("stroke") == "#8e44ad"]


def test_the_last_voyage_play_is_outlined_on_the_pile_and_said() -> None:
    rules = voyage.Rules(players=2, colours=1, numbers=4, hand_size=2)
    state = voyage.new_game(rules)
    for text in ("deal R1", "deal R2", "deal R3", "deal R4"):
        state = voyage.apply_move(state, voyage.parse_move(text))
    play = voyage.parse_move("R1")
    told = voyage.events(state, play, seat=OMNISCIENT)
    after = voyage.apply_move(state, play)
    for width in (None, 390):
        picture = svg.render(voyage.view(after, 0), width=width, last=told, names=["Ann", "Bo"])
        assert "last move: Bo plays red 1" in _texts(picture)
        marked = _marks(picture)
        assert len(marked) == 2  # the card on the pile, the row of the seat that played
        assert {e.tag for e in marked} == {f"{SVG}rect"}
        assert _marks(svg.render(voyage.view(after, 0), width=width)) == []


def test_the_last_ships_wheel_discard_is_outlined_on_its_pile() -> None:
    start = ships_wheel.new_game(ships_wheel.Rules(players=3))
    state, told = next(
        (state, told)
        for state, told in told_play(GAMES["ships_wheel"], start, random.Random(11), 500)
        if any(isinstance(e, ships_wheel.Discarded) for e in told)
    )
    discards = [e for e in told if isinstance(e, ships_wheel.Discarded)]
    seat = discards[0].seat
    picture = svg.render(ships_wheel.view(state, (seat + 1) % 3), last=told, width=390)
    assert any(t.startswith(f"last move: seat {seat} discards") for t in _texts(picture))
    piles = [
        g
        for g in parse(picture).iter(f"{SVG}g")
        if (g.findtext(f"{SVG}title") or "").startswith(f"seat {seat}'s pile")
    ]
    assert len(piles) == 1
    assert any(e.get("stroke") == "#8e44ad" for e in piles[0].iter())


def test_the_last_spin_is_said_and_its_diver_ringed() -> None:
    rules = leagues.Rules(
        players=2, spin_off=False, board=leagues.Board.from_rows(["S..v", "..v.", ".X.."])
    )
    before = leagues.new_game(rules)
    spin = leagues.parse_move("3R")
    told = leagues.events(before, spin, seat=OMNISCIENT)
    after = leagues.apply_move(before, spin)
    for width in (None, 390):
        picture = svg.render(after, width=width, last=told, names=["Ann", "Bo"])
        assert any(t.startswith("last spin: Ann spun 3 right") for t in _texts(picture))
        ringed = [e for e in _marks(picture) if e.tag == f"{SVG}circle"]
        assert len(ringed) == 1
    assert any(
        t.startswith("the needle on 3R") for t in titles(parse(svg.render(after, width=390)))
    )


def _won(seed: int) -> tuple[ships_wheel.State, tuple[Any, ...]]:
    """The end of a match of one won hand (a tie is dealt again), and its last events."""
    start = ships_wheel.new_game(ships_wheel.Rules(players=2, target=1))
    *_, (state, told) = told_play(GAMES["ships_wheel"], start, random.Random(seed), 10**5)
    assert ships_wheel.is_terminal(state)
    return state, told


def test_the_winning_ships_wheel_hand_is_laid_open_at_the_end() -> None:
    state, told = _won(2)
    won = next(e for e in told if isinstance(e, ships_wheel.HandWon))
    loser = 1 - won.seat
    for width in (None, 390):
        picture = svg.render(ships_wheel.view(state, loser), last=told, width=width)
        laid = [
            t for t in titles(parse(picture)) if t.startswith(f"seat {won.seat}'s winning hand: ")
        ]
        assert laid == [f"seat {won.seat}'s winning hand: " + ", ".join(map(str, won.hand))]
        assert not any(
            "winning hand" in t for t in titles(parse(svg.render(ships_wheel.view(state, loser))))
        )


def test_a_voyage_round_s_end_counts_the_cards_left_and_shows_none() -> None:
    rules = voyage.Rules(players=2, colours=1, numbers=4, hand_size=2)
    state = voyage.new_game(rules)
    for text in ("deal R1", "deal R2", "deal R3", "deal R4", "R1", "R2", "R3"):
        state = voyage.apply_move(state, voyage.parse_move(text))
    assert state.results
    picture = svg.render(voyage.view(state, 0), width=390)
    assert "last round: seat 1 went out, +1 (cards left: seat 0 1)" in _texts(picture)


@given(
    st.sampled_from(["voyage", "ships_wheel"]),
    st.integers(0, 10**6),
    st.integers(0, 300),
)
@examples(40)
def test_the_last_move_never_shows_a_card_the_viewer_may_not_see(
    name: str, seed: int, steps: int
) -> None:
    """Given the omniscient events, a seat's picture is the one it would get from the
    events as that seat was told them: a card drawn, dealt or chosen to pass by another
    seat is never drawn or named."""
    game = GAMES[name]
    state, told = _played(name, game.rules_type(players=3), seed, steps)
    for seat in (None, 0, 1, 2):
        seen = game.view(state, seat)
        redacted = tuple(game.redact(event, seat) for event in told)
        for width in (None, 390):
            assert svg.render(seen, width=width, last=told) == svg.render(
                seen, width=width, last=redacted
            )


def test_the_card_the_last_ships_wheel_move_brought_is_lifted_in_its_seat_s_hand_only() -> None:
    start = ships_wheel.new_game(ships_wheel.Rules(players=3))
    seen = set()
    for state, told in told_play(GAMES["ships_wheel"], start, random.Random(5), 2000):
        if state.phase is ships_wheel.Phase.OVER:
            break
        for event in told:
            if not isinstance(event, (ships_wheel.Drew, ships_wheel.Took)):
                continue
            kind = "drawn" if isinstance(event, ships_wheel.Drew) else "taken"
            seat = event.seat
            mine = _texts(svg.render(ships_wheel.view(state, seat), last=told, width=390))
            theirs = _texts(svg.render(ships_wheel.view(state, (seat + 1) % 3), last=told))
            assert mine.count(kind) == 1, (kind, mine)
            assert kind not in theirs
            seen.add(kind)
        if seen == {"drawn", "taken"}:
            break
    assert seen == {"drawn", "taken"}
