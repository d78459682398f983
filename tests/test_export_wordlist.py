"""``dektes export wordlist`` (issue 25): the plain list Zyzzyva and Quackle import, of a
profile, with a header carrying the licence notes of the parts of the lexicon it holds."""
from __future__ import annotations

from fst.build import export

from test_search import run

NOT_GPL = "NOT under the GPL"


def zyzzyva_read(text: str) -> list[str]:
    """The words Zyzzyva's plain-text import takes (WordEngine::importTextFile): lines
    simplified, empty ones and those that begin with '#' skipped, the first field upper-cased."""
    out = []
    for line in text.splitlines():
        line = " ".join(line.split())
        if not line or line.startswith("#"):
            continue
        out.append(line.split(" ")[0].upper())
    return out


def test_notes_follow_the_profile():
    board = export.licence_notes()
    free = export.licence_notes({"E2", "PES", "FD", "L23"})
    assert any("GPL-2.0-or-later" in n for n in board) and any("elspell" in n for n in free)
    assert sum(NOT_GPL in n for n in board) == 3  # §E2, §L23 and the official list's lemmas
    assert not any(NOT_GPL in n for n in free) and not any("FreeDict" in n for n in free)
    no_e2 = export.licence_notes({"E2"})
    assert not any("Κρυμμένες" in n for n in no_e2) and any("§L23" in n for n in no_e2)
    assert "'mine'" in export.licence_notes(list_name="mine")[-1]


def test_export_wordlist_is_the_profile_list(judge, capsys):
    code, out, err = run(capsys, "export", "wordlist", "--max-length", "4")
    assert code == 0
    lines = out.splitlines()
    head = [line for line in lines if line.startswith("#")]
    assert lines[:len(head)] == head and "profile board, 2–4 letters" in head[0]
    assert sum(NOT_GPL in h for h in head) == 3
    assert zyzzyva_read(out) == list(judge.wordlist(2, 4)) and len(lines) > len(head) + 1000


def test_export_wordlist_of_the_free_profile(judge, capsys):
    code, out, _ = run(capsys, "export", "wordlist", "--profile", "free", "--max-length", "3")
    head = [line for line in out.splitlines() if line.startswith("#")]
    assert code == 0 and "profile free" in head[0] and not any(NOT_GPL in h for h in head)
    words = zyzzyva_read(out)
    assert words and words == sorted(words) and all(2 <= len(w) <= 3 for w in words)
    assert set(words) < set(judge.wordlist(2, 3))  # the 2–3 letter list (§L23) is left out


def test_export_wordlist_without_header(judge, capsys, tmp_path):
    path = tmp_path / "list.txt"
    code, out, _ = run(capsys, "export", "wordlist", "--max-length", "3", "--no-header",
                       "-o", str(path))
    assert code == 0 and out.strip() == str(path)
    text = path.read_text(encoding="utf-8")
    assert "#" not in text and text.splitlines() == list(judge.wordlist(2, 3))
    notes = (tmp_path / "list.txt.licence.txt").read_text(encoding="utf-8")
    assert "GPL-2.0-or-later" in notes and NOT_GPL in notes
    code, _, err = run(capsys, "export", "wordlist", "--no-header")
    assert code == 2 and "--output" in err and err.count("\n") == 1
    code, _, err = run(capsys, "export", "unimorph", "--profile", "free")
    assert code == 2 and "wordlist" in err
