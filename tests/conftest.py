"""Test configuration: headless arcade (EGL, software GL) and an isolated TESSERA_HOME."""

from __future__ import annotations

import os
import tempfile

# Before the first `import arcade` anywhere in the process.  An explicitly empty
# value (ARCADE_HEADLESS= xvfb-run -a pytest) runs the same tests in a real X window.
os.environ.setdefault("ARCADE_HEADLESS", "1")
# Saved data and caches of the test run never touch the user's own files.
os.environ.setdefault("TESSERA_HOME", tempfile.mkdtemp(prefix="tessera-test-home-"))
