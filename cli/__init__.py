"""The ``novelty`` command line: a thin click layer over the :mod:`novelty` core."""
