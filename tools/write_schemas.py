"""Write the JSON Schema of every theatre game input, and of a house variant file, to docs/schemas/ (run after
changing an input model)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from novelty.games import games  # noqa: E402
from novelty.inputs import VariantInput  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "docs" / "schemas"


def schema_text(game_id: str, action: str) -> str:
    """Return the schema document of one game action's input, as written to disk."""
    game = games()[game_id]
    schema = game.actions[action].model.model_json_schema()
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": f"https://novelty.invalid/schemas/{game_id}-{action}.schema.json",
              "title": f"{game.title}: {action} input", **{k: v for k, v in schema.items() if k != "title"}}
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def variant_schema_text() -> str:
    """Return the schema document of a house variant file (TOML or JSON: the same structure)."""
    schema = VariantInput.model_json_schema()
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://novelty.invalid/schemas/variant.schema.json",
              "title": "A house variant of Novelty (a variant file, TOML or JSON)",
              **{k: v for k, v in schema.items() if k != "title"}}
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for game in games().values():
        for action in game.actions:
            path = OUT / f"{game.id}-{action}.schema.json"
            path.write_text(schema_text(game.id, action), encoding="utf-8")
            print(path.relative_to(OUT.parents[1]))
    path = OUT / "variant.schema.json"
    path.write_text(variant_schema_text(), encoding="utf-8")
    print(path.relative_to(OUT.parents[1]))
