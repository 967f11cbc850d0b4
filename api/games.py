"""Theatre games' endpoints: ``POST /v1/games/<game>/<action>``, one per registered game action.

The routes are made from the registry (``novelty.games``), each with its action's input model as
the body, so every one is validated and described in the OpenAPI document.
"""

from typing import Any

from flask_openapi3 import APIBlueprint, Tag

from novelty.api import refusals
from novelty.api.refusals import Rule, post_problems
from novelty.api.schemas import GameScoreResponse
from novelty.games import Game, games

games_api = APIBlueprint("games", __name__, url_prefix="/v1/games", abp_tags=[Tag(name="theatre games")])

RULES: dict[tuple[str, str], tuple[Rule, ...]] = {
    ("tragedy-of-othello", "score"): refusals.OTHELLO,
    ("thespianage", "score"): refusals.THESPIANAGE,
    ("stage-blood", "score"): refusals.STAGE_BLOOD_SCORE,
    ("stage-blood", "resolve"): refusals.STAGE_BLOOD_RESOLVE,
    ("mood-x", "turn"): refusals.MOOD_X,
    ("mood-x", "game"): refusals.MOOD_X_GAME,
}
"""Each action's rules beyond its schema, besides the names every game checks (``refusals.GAME_NAMES``)."""


def _view(game: Game, action: str) -> Any:
    act = game.actions[action]

    def view(body):  # type: ignore[no-untyped-def]
        return act.run(body).to_dict()

    view.__annotations__ = {"body": act.model, "return": dict}
    view.__name__ = f"{game.id}_{action}".replace("-", "_")
    view.__doc__ = f"{game.title}: {act.summary}"
    return view


for _game in games().values():
    for _action in _game.actions:
        games_api.post(f"/{_game.id}/{_action}", operation_id=f"{_game.id}-{_action}",
                      responses={200: GameScoreResponse, **post_problems(
                          refusals.GAME_NAMES, *RULES[_game.id, _action])})(_view(_game, _action))
