"""`novelty serve` runs the API under gunicorn, reachable on loopback."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

pytest.importorskip("gunicorn")

from tests.serving import serving  # noqa: E402


def test_serve_answers_health_and_errors_as_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with serving(tmp_path, "--workers", "1", outer_cache=False) as base:
        request = urllib.request.Request(f"{base}/v1/check", data=b"{bad",
                                         headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=5).close()
            pytest.fail("malformed JSON was accepted")
        except urllib.error.HTTPError as error:
            with error:
                assert error.code == 400
                assert error.headers["Content-Type"] == "application/problem+json"
                assert "not valid JSON" in json.load(error)["detail"]
