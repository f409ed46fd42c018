"""The pieces of scripts/check-availability: the index store reader, the symbol graph's
availability map, a Swift lexer, and the checks over the source text."""
