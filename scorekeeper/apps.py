from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Rami scorekeeper"

    def ready(self) -> None:
        from scorekeeper.core import (
            database_checks,  # noqa: F401 (registers its checks)
            logs,
        )

        logs.install()
