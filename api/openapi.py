"""The OpenAPI document: flask-openapi3's paths, with each schema exactly as pydantic writes it.

flask-openapi3 passes every schema through its own ``Schema`` model, which keeps only the keywords it
knows: ``propertyNames``, ``if``/``then``, ``examples`` and the like are silently dropped, and the
document then promises more than the API accepts. So the components are written again from the
models themselves: each view's body, query and path models, and the answers named in the document
(every answer model lives in :mod:`novelty.api.schemas`).
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any

from flask_openapi3 import OpenAPI
from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from novelty.api import schemas

REF = "#/components/schemas/"


class NoveltyAPI(OpenAPI):
    """flask-openapi3's application, whose document (``api_doc``) says exactly what the API takes and gives."""

    def generate_spec_json(self) -> None:
        super().generate_spec_json()
        doc = self.spec_json
        tidy(doc, self.validation_error_status)
        models = [*self.input_models(), *answer_models(doc)]
        _, top = models_json_schema(models, ref_template=REF + "{model}")
        doc["components"]["schemas"] = top.get("$defs", {})

    def input_models(self) -> Iterator[tuple[type[BaseModel], JsonSchemaMode]]:
        """Yield the body, query and path models of every view."""
        for view in self.view_functions.values():
            func = getattr(view, "__wrapped__", None)
            if func is None:
                continue
            for name, hint in typing.get_type_hints(func).items():
                if name in ("body", "query", "path") and isinstance(hint, type) and issubclass(hint, BaseModel):
                    yield hint, "validation"


def answer_models(doc: dict[str, Any]) -> list[tuple[type[BaseModel], JsonSchemaMode]]:
    """Return the models of the responses named in ``doc`` (each one is :mod:`novelty.api.schemas`'s)."""
    names = {content["schema"]["$ref"].removeprefix(REF)
             for operations in doc["paths"].values() for operation in operations.values()
             for response in operation.get("responses", {}).values()
             for content in response.get("content", {}).values() if "$ref" in content.get("schema", {})}
    return [(getattr(schemas, name), "serialization") for name in sorted(names)]


def tidy(doc: dict[str, Any], validation_status: str) -> None:
    """Drop what flask-openapi3 writes that is not so: a null ``securitySchemes`` (the API has no security), and
    the validation-error response it adds to every operation that declares none (``GET /v1/health`` takes no
    input, so it has none)."""
    components = doc.setdefault("components", {})
    if components.get("securitySchemes") is None:
        components.pop("securitySchemes", None)
    for operations in doc["paths"].values():
        for operation in operations.values():
            content = operation["responses"].get(validation_status, {}).get("content", {})
            if "application/json" in content:  # flask-openapi3's default, an array of Problem: never sent
                del operation["responses"][validation_status]
