"""The engine stands alone: importing it never imports Django."""

import subprocess
import sys


def test_the_rules_engine_never_imports_django():
    code = "import sys, rules_engine, rules_engine.cli; sys.exit('django' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
