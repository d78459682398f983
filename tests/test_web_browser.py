"""``dektes serve`` in a real browser: Debian's Chromium driven by Selenium through Debian's
chromedriver (``apt-get install chromium chromium-driver``; nothing is downloaded).

The test starts the server as a user would (``python -m fst serve --port 0``), types with Latin
keys (the page maps them as the Greek keyboard layout does), reads the verdict, opens a
paradigm, and runs an anagram from the clickable rack. Without Chromium, chromedriver or
selenium it skips, except under CI=true, where it fails.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

import pytest

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
REPO = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage", "--window-size=1100,900",
                 "--lang=en-US"]


def _missing(what: str):
    if CI:
        pytest.fail(what + " (CI installs it: see .ci/run)")
    pytest.skip(what)


@pytest.fixture(scope="module")
def server():
    """The base URL of a ``dektes serve`` process on a free port of 127.0.0.1."""
    if any(importlib.util.find_spec(m) is None for m in ("fastapi", "uvicorn")):
        _missing("needs the web extra: pip install 'dektes[web]'")
    from fst.app.web.server import spawned

    with spawned(timeout=300) as url:  # a first run may build the artifacts
        yield url


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("needs selenium: pip install 'dektes[web-test]'")
    chromium = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        _missing("needs Debian's chromium and chromium-driver")
    profile = tempfile.mkdtemp(prefix="dektes-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in CHROMIUM_ARGS + ["--user-data-dir=" + profile]:
        options.add_argument(arg)
    # both paths given: Selenium Manager has nothing to look up or download
    d = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    d.set_page_load_timeout(60)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _wait(browser, css: str, timeout: float = 30):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(browser, timeout).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, css)))


def test_type_a_word_and_read_the_verdict(server, browser):
    from selenium.webdriver.common.by import By
    browser.get(server)
    box = browser.find_element(By.ID, "words")
    box.send_keys("egraca graca")  # Latin keys, Greek layout: ε γ ρ α ψ α
    assert box.get_attribute("value") == "εγραψα γραψα"
    browser.find_element(By.ID, "judge").click()
    _wait(browser, "#verdicts")
    rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")[:4]]
            for tr in browser.find_elements(By.CSS_SELECTOR, "#verdicts tbody tr")]
    assert rows[0][:3] == ["εγραψα", "ΕΓΡΑΨΑ", "δεκτή"]  # Greek by default
    assert rows[1][:3] == ["γραψα", "ΓΡΑΨΑ", "άκυρη"]
    assert rows[1][3].startswith("§D1") and "augment" in rows[1][3]


def test_challenge_screen(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    browser.get(server + "challenge")
    box = browser.find_element(By.ID, "words")
    box.send_keys("graca" + Keys.ENTER)
    verdict = _wait(browser, "#verdict")
    assert verdict.text == "ΑΚΥΡΗ"
    assert "§" not in browser.find_element(By.TAG_NAME, "main").text  # no hints
    size = float(verdict.value_of_css_property("font-size").rstrip("px"))
    assert size >= 100  # large type, readable across the table
    box = browser.find_element(By.ID, "words")
    box.send_keys("egraca" + Keys.ENTER)
    assert _wait(browser, "#verdict.valid").text == "ΔΕΚΤΗ"


def test_open_a_paradigm(server, browser):
    from selenium.webdriver.common.by import By
    browser.get(server + "paradigm")
    box = browser.find_element(By.ID, "lemma")
    box.send_keys(":iW;k;e")  # diaeresis dead key + ι; Shift+W; an accent κ cannot take
    assert box.get_attribute("value") == "ϊΣκέ"
    box.clear()
    box.send_keys(";anurvpow")  # the dead accent key, then α: ά
    assert box.get_attribute("value") == "άνθρωπος"
    browser.find_element(By.ID, "show").click()
    table = _wait(browser, "section.paradigm table.grid")
    # the page names cells in Greek by default (grammars/labels.tsv; serve --lang en: SG, PL)
    assert [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")] == [
        "", "Ενικός", "Πληθυντικός"]
    cells = {tr.find_element(By.TAG_NAME, "th").text:
             [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
             for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")}
    assert cells["Γενική"] == ["ανθρώπου", "ανθρώπων"]


def test_analyses_link_to_the_paradigm(server, browser):
    from selenium.webdriver.common.by import By
    browser.get(server + "analyse")
    box = browser.find_element(By.ID, "word")
    box.send_keys("egraca")
    browser.find_element(By.ID, "analyse").click()
    link = _wait(browser, "#analyses a.lemma")
    assert link.text == "γράφω"
    link.click()
    _wait(browser, "section.paradigm")
    assert "έγραψα" in browser.find_element(By.TAG_NAME, "main").text


def test_anagram_from_the_clickable_rack(server, browser):
    from selenium.webdriver.common.by import By
    browser.get(server + "search")
    for letter in "ΑΕΓΡΨΑ":
        browser.find_element(By.CSS_SELECTOR, 'button.tile[data-letter="%s"]' % letter).click()
    browser.find_element(By.CSS_SELECTOR, 'button.tile[data-letter="?"]').click()
    browser.find_element(By.CSS_SELECTOR, 'button.tile[data-action="back"]').click()
    assert browser.find_element(By.ID, "rack").get_attribute("value") == "ΑΕΓΡΨΑ"
    browser.find_element(By.ID, "search").click()
    _wait(browser, "#matches")
    words = [a.get_attribute("data-word")
             for a in browser.find_elements(By.CSS_SELECTOR, "#matches a")]
    assert "ΕΓΡΑΨΑ" in words and "ΓΡΑΨΑ" not in words  # §D1: no augmentless aorist
    assert all(set(w) <= set("ΑΕΓΡΨΑ") for w in words)
