#!/usr/bin/env python3
"""Take the README's screenshot of ``dektes serve`` (docs/serve.png) with Debian's Chromium.

    python -m scripts.measure.screenshot_serve [--out docs/serve.png] [--path '/search?rack=…']

Starts ``python -m fst serve --port 0`` on 127.0.0.1, opens the page in headless Chromium
(Selenium with Debian's chromedriver; nothing is downloaded), saves a PNG, stops the server.
Needs ``apt-get install chromium chromium-driver`` and ``pip install '.[web-test]'``.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from scripts.common import ROOT
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--hide-scrollbars", "--lang=en-US"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "serve.png"))
    ap.add_argument("--path", default="/search?" + urllib.parse.urlencode(
        {"rack": "ΑΕΓΡΨΑ?", "max_length": 7, "limit": 30}))
    ap.add_argument("--size", default="960,800", help="window size in pixels (default 960,800)")
    args = ap.parse_args()

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    proc = subprocess.Popen([sys.executable, "-m", "fst", "serve", "--port", "0"], cwd=ROOT,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                            encoding="utf-8", env=dict(os.environ, PYTHONUNBUFFERED="1"))
    profile = tempfile.mkdtemp(prefix="dektes-chromium-")
    try:
        url = None
        while url is None:
            line = proc.stderr.readline()
            if not line:
                return "dektes serve exited before serving"
            m = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
            url = m.group(1) if m else None
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/api/health", timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for a in ARGS + ["--window-size=" + args.size, "--user-data-dir=" + profile]:
            options.add_argument(a)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")
                                                  or "/usr/bin/chromedriver"), options=options)
        try:
            driver.get(url + args.path)
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(args.out)
        finally:
            driver.quit()
    finally:
        proc.terminate()
        proc.wait(20)
        shutil.rmtree(profile, ignore_errors=True)
    print("%s (%d bytes)" % (args.out, Path(args.out).stat().st_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
