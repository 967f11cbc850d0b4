"""Example inputs for the commands that read FILE.json (`novelty example NAME` prints one); shipped as package data."""
