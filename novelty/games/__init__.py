"""The four theatre games' scorers, found by name in one registry.

Each game module (``othello``, ``thespianage``, ``stage_blood``, ``mood_x``) writes its rulebook's
scoring over the shared helpers in :mod:`novelty.tally` and registers a :class:`Game`: its id,
aliases, player counts and actions (``score``, ``resolve``, ``turn``, ``game``). Every action takes
one documented JSON input (a pydantic model, whose JSON Schema is in ``docs/schemas/``) and returns
a :class:`GameScore`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from novelty.errors import NotationError
from novelty.inputs import validate
from novelty.tally import Tally


@dataclass(frozen=True, slots=True)
class GameScore:
    """Every player's line items and total, the winner(s), and the rulings applied."""

    game: str
    players: tuple[Tally, ...]
    winners: tuple[str, ...]
    rulings: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific results (the next lead, whether the play succeeded, the new table...)."""

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": [t.to_dict() for t in self.players],
                "totals": {t.name: t.total for t in self.players}, "winners": list(self.winners),
                **self.extra, "rulings": list(self.rulings)}


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a game's scorer does with one kind of input."""

    name: str
    model: type[BaseModel]
    run: Callable[[Any], GameScore]
    summary: str


@dataclass(frozen=True, slots=True)
class Game:
    """A registered game."""

    id: str
    title: str
    aliases: tuple[str, ...]
    players: tuple[int, int]
    rulebook: str
    actions: dict[str, Action]

    def action(self, name: str) -> Action:
        """Return the named action, or raise NotationError naming the ones there are."""
        if name not in self.actions:
            raise NotationError(f"{self.id} has no action {name!r}: {', '.join(self.actions)}")
        return self.actions[name]

    def run(self, action: str, data: Any) -> GameScore:
        """Validate ``data`` as the action's input and return its result."""
        act = self.action(action)
        return act.run(validate(act.model, data))


def games() -> dict[str, Game]:
    """Return every registered game by id."""
    from novelty.games import mood_x, othello, stage_blood, thespianage

    return {g.id: g for g in (othello.GAME, thespianage.GAME, stage_blood.GAME, mood_x.GAME)}


def find_game(name: str) -> Game:
    """Return the game with this id or alias (any case), or raise NotationError listing the games."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for game in games().values():
        if key == game.id or key in game.aliases:
            return game
    raise NotationError(f"unknown game {name!r}: {', '.join(games())}")


def check_players(names: list[str], game: str, low: int, high: int) -> None:
    """Refuse duplicate names or a player count the rulebook does not allow."""
    if len(set(names)) != len(names):
        raise NotationError(f"player names must differ: {names}")
    if not low <= len(names) <= high:
        raise NotationError(f"{game} is for {low} to {high} players, not {len(names)}")


def known_player(name: str, names: list[str], what: str) -> str:
    """Return ``name`` when it is a player, else raise NotationError naming the field."""
    if name not in names:
        raise NotationError(f"unknown player in {what}: {name!r}")
    return name
