"""``dektes serve`` in a real browser: Debian's Chromium driven by Selenium through Debian's
chromedriver (``apt-get install chromium chromium-driver``; nothing is downloaded).

The test starts the server as a user would (``python -m fst serve --port 0``), types with Latin
keys (the page maps them as the Greek keyboard layout does), reads the verdict, opens a
paradigm, and runs an anagram from the clickable rack. Without Chromium, chromedriver or
selenium it skips, except under CI=true, where it fails.

The pages are Greek by default (issue 23), the verdicts' reasons too. With DEKTES_SCREENSHOTS=DIR the tests save what the
browser shows as DIR/NAME.png (the whole page), for a closing note.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from conftest import missing

REPO = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage", "--window-size=1100,900",
                 "--lang=en-US"]


@pytest.fixture(scope="module")
def url(server):
    """The base URL of the module's ``dektes serve`` process (``server``, tests/conftest.py)."""
    return server.url


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing("needs selenium: pip install 'dektes[web-test]'")
    chromium = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        missing("needs Debian's chromium and chromium-driver")
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


def _shot(browser, name: str) -> None:
    """Save the whole page as $DEKTES_SCREENSHOTS/NAME.png, when that variable is set."""
    folder = os.environ.get("DEKTES_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(1100, max(900, height + 40))
    browser.save_screenshot(str(Path(folder) / (name + ".png")))
    browser.set_window_size(1100, 900)


def test_type_a_word_and_read_the_verdict(url, browser):
    from selenium.webdriver.common.by import By
    browser.get(url)
    box = browser.find_element(By.ID, "words")
    box.send_keys("egraca graca")  # Latin keys, Greek layout: ε γ ρ α ψ α
    assert box.get_attribute("value") == "εγραψα γραψα"
    browser.find_element(By.ID, "judge").click()
    _wait(browser, "#verdicts")
    rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")[:4]]
            for tr in browser.find_elements(By.CSS_SELECTOR, "#verdicts tbody tr")]
    assert rows[0][:3] == ["εγραψα", "ΕΓΡΑΨΑ", "δεκτή"]  # Greek by default
    assert rows[1][:3] == ["γραψα", "ΓΡΑΨΑ", "άκυρη"]
    # the reason in Greek too (grammars/messages.tsv), the rule id leading it as in the CLI
    assert rows[1][3] == "§D1: η τονισμένη αύξηση είναι υποχρεωτική (η λέξη ΕΓΡΑΨΑ είναι δεκτή)"
    assert browser.find_element(By.ID, "summary").text == "1 από 2 δεκτές"
    assert browser.find_element(By.ID, "judge").text == "Κρίση"
    _shot(browser, "check")


def test_an_invalid_word_is_explained_in_greek(url, browser):
    """The analyse page of an invalid word: the verdict's reason and the blocking rule in
    Greek (the CLI's messages, said by grammars.labels.say), not the English of the JSON."""
    from selenium.webdriver.common.by import By
    from grammars.labels import _messages
    browser.get(url + "analyse")
    box = browser.find_element(By.ID, "word")
    box.send_keys("janarv")  # ξαναρω (j: ξ on the Greek layout)
    browser.find_element(By.ID, "analyse").click()
    summary = _wait(browser, "#summary").text
    assert summary == "ΞΑΝΑΡΩ: άκυρη — §B3: αυτό το ρήμα παίρνει μόνο ξαναα- (η λέξη ΞΑΝΑΑΡΩ " \
                      "είναι δεκτή)"
    blocked = browser.find_element(By.CSS_SELECTOR, "p.blocked").text
    assert blocked == "Αποκλείεται από τον §B3: αυτό το ρήμα παίρνει μόνο ξαναα- (η λέξη " \
                      "ΞΑΝΑΑΡΩ είναι δεκτή)"
    _shot(browser, "analyse-invalid")
    browser.get(url + "?words=" + "+".join(["ΓΡΑΨΑ", "ΞΑΝΑΚΑΛΟΣ", "Α", "ΞΨΖΩ", "ΕΓΡΑΨΑ"]))
    reasons = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#verdicts td.why")]
    assert reasons[2] == "§C6: οι λέξεις ενός γράμματος δεν είναι ποτέ δεκτές"
    assert reasons[3] == "καμία ανάλυση: κανένα λήμμα του λεξικού δεν έχει αυτόν τον τύπο"
    english = {w for m in _messages().values() for w in m["en"].split() if len(w) > 4
               and w.isalpha() and w.isascii()}
    shown = set(browser.find_element(By.ID, "verdicts").text.split())
    assert english & shown == set()
    _shot(browser, "check-reasons")


def test_challenge_screen(url, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    browser.get(url + "challenge")
    box = browser.find_element(By.ID, "words")
    box.send_keys("graca" + Keys.ENTER)
    verdict = _wait(browser, "#verdict")
    assert verdict.text == "ΑΚΥΡΗ"
    _shot(browser, "challenge")
    assert "§" not in browser.find_element(By.TAG_NAME, "main").text  # no hints
    size = float(verdict.value_of_css_property("font-size").rstrip("px"))
    assert size >= 100  # large type, readable across the table
    box = browser.find_element(By.ID, "words")
    box.send_keys("egraca" + Keys.ENTER)
    assert _wait(browser, "#verdict.valid").text == "ΔΕΚΤΗ"


def test_open_a_paradigm(url, browser):
    from selenium.webdriver.common.by import By
    browser.get(url + "paradigm")
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
    assert list(cells) == ["Ονομαστική", "Γενική", "Αιτιατική", "Κλητική"]
    _shot(browser, "paradigm-noun")


def test_a_verb_paradigm_in_greek(url, browser):
    """The tenses and persons are named as a Greek grammar names them (grammars/labels.tsv,
    read by the one formatter), the forms as the JSON has them."""
    from selenium.webdriver.common.by import By
    browser.get(url + "paradigm?lemma=%CE%B3%CF%81%CE%AC%CF%86%CF%89")  # γράφω
    table = _wait(browser, "section.paradigm table.grid")
    assert table.find_element(By.TAG_NAME, "caption").text == "Ρήμα, Ενεργητική φωνή"
    heads = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
    assert heads[1:4] == ["α΄ πρόσωπο, Ενικός", "β΄ πρόσωπο, Ενικός", "γ΄ πρόσωπο, Ενικός"]
    rows = {tr.find_element(By.TAG_NAME, "th").text:
            [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")}
    assert rows["Ενεστώτας"][0] == "γράφω"
    assert rows["Παρατατικός"][0] == "έγραφα"
    assert rows["Αόριστος"][0] == "έγραψα"
    page = browser.find_element(By.TAG_NAME, "main").text
    assert "IND;PRS" not in page and "V;ACT" not in page and "\nform\n" not in page
    mark = browser.find_element(By.CSS_SELECTOR, ".form.alt sup")
    assert mark.text == "παραλλ." and mark.get_attribute("title") == "παραλλαγή"
    _shot(browser, "paradigm-verb")


def test_analyses_link_to_the_paradigm(url, browser):
    from selenium.webdriver.common.by import By
    browser.get(url + "analyse")
    box = browser.find_element(By.ID, "word")
    box.send_keys("egraca")
    browser.find_element(By.ID, "analyse").click()
    link = _wait(browser, "#analyses a.lemma")
    assert link.text == "γράφω"
    cell = browser.find_element(By.CSS_SELECTOR, "#analyses td.cell")
    assert cell.text == "Ρήμα, Αόριστος, α΄ πρόσωπο, Ενικός, Ενεργητική φωνή"
    assert cell.get_attribute("title") == "V;IND;PST;PFV;1;SG;ACT"  # the code, on hover
    _shot(browser, "analyse")
    link.click()
    _wait(browser, "section.paradigm")
    assert "έγραψα" in browser.find_element(By.TAG_NAME, "main").text


def test_anagram_from_the_clickable_rack(url, browser):
    from selenium.webdriver.common.by import By
    browser.get(url + "search")
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
    _shot(browser, "search")


def test_the_api_page_in_greek(url, browser):
    from selenium.webdriver.common.by import By
    browser.get(url + "api")
    text = browser.find_element(By.TAG_NAME, "main").text
    assert "Κάθε παράδειγμα τρέχει όπως είναι γραμμένο" in text
    examples = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "code.example")]
    assert examples and all(e.startswith("curl ") and url + "api/" in e for e in examples)
    _shot(browser, "api")
