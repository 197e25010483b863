"""The command line: one module per subcommand, shared options in ``common``."""
