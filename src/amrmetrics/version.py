"""The package version, at ground level so that no module needs to import the package root for it."""

__version__ = "0.1.0"
