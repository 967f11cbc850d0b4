"""The source word lists (TWL06, SOWPODS) that novelty compiles into its trie index."""
