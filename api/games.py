"""Theatre games' endpoints: ``POST /v1/games/<game>/<action>``, one per registered game action.

The routes are made from the registry (``novelty.games``), each with its action's input model as
the body, so every one is validated and described in the OpenAPI document.
"""

from typing import Any

from flask_openapi3 import APIBlueprint, Tag

from novelty.api.schemas import BODY_PROBLEMS, GameScoreResponse, problem_responses
from novelty.games import Game, games

games_api = APIBlueprint("games", __name__, url_prefix="/v1/games", abp_tags=[Tag(name="theatre games")],
                         abp_responses=problem_responses(*BODY_PROBLEMS))


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
                      responses={200: GameScoreResponse})(_view(_game, _action))
