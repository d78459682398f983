"""``dektes coverage`` (issue 15): the tokenizer's rules on their own examples, coverage counts
of a small hand-made text against counts done by hand, the TSV/JSON output, and ``dektes
validate`` of several and compressed files without Dask (same bytes as ``validate -``)."""
from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys

import pytest

from conftest import REPO_ROOT
from fst.app import coverage
from fst.app.tokenize import tokens, word_type

pytestmark = pytest.mark.usefixtures("judge")

TEXT = ("Ο άνθρωπος έγραψε· ΕΓΡΑΨΑ, γραψα!\n"
        "Σ' αγαπώ, απ'το σπίτι 'ναι 12 φορές.\n"
        "Scrabble ελληνο-τουρκικός ΑΝΘΡΩΠΟΣ άνθρωπος κγʹ\n")


def kinds(text):
    return [(t.kind, t.text) for t in tokens(text)]


@pytest.mark.parametrize("text, expected", [
    # rule 1: runs; '.' or ',' inside a number
    ("ο λόγος, η θάλασσα;", [("word", "ο"), ("word", "λόγος"), ("word", "η"),
                             ("word", "θάλασσα")]),
    ("1.000,50 ευρώ.", [("number", "1.000,50"), ("word", "ευρώ")]),
    # rule 2: numbers, keraia, Latin and other scripts, mixed script stays a word
    ("2ος 1821 κγʹ ͵αω", [("number", "2ος"), ("number", "1821"), ("number", "κγ"),
                          ("number", "αω")]),
    ("Scrabble Москва ΑΝΘPΩΠΟΣ", [("latin", "Scrabble"), ("other-script", "Москва"),
                                 ("word", "ΑΝΘPΩΠΟΣ")]),
    # rule 3: elision and aphaeresis with the apostrophes
    ("σ'αγαπώ απ’ το 'ναι τ\u02bc αστέρι", [("elided", "σ"), ("word", "αγαπώ"),
                                           ("elided", "απ"), ("word", "το"),
                                           ("elided", "ναι"), ("elided", "τ"),
                                           ("word", "αστέρι")]),
    # rule 4: hyphens split
    ("ελληνο-τουρκικός κάτω‐κάτω", [("word", "ελληνο"), ("word", "τουρκικός"),
                                   ("word", "κάτω"), ("word", "κάτω")]),
    # decomposed accents are composed (NFC) and stay in the word
    ("ο\u0301μως", [("word", "όμως")]),
    # rule 6: ό,τι whole in every case; ότι,τι stays two words
    ("Ό,τι θες, ό,τι πεις. Ο,ΤΙ ο,τι", [("word", "Ό,τι"), ("word", "θες"), ("word", "ό,τι"),
                                        ("word", "πεις"), ("word", "Ο,ΤΙ"), ("word", "ο,τι")]),
    ("ότι,τι", [("word", "ότι"), ("word", "τι")]),
    # rule 6: dotted abbreviations by shape, single-dot ones from grammars/abbreviations.tsv
    ("στις 5 π.μ., το 300 π.Χ. κ.λπ. δηλ. ΔΗΛ. το σπίτι.",
     [("word", "στις"), ("number", "5"), ("abbreviation", "π.μ."), ("word", "το"),
      ("number", "300"), ("abbreviation", "π.Χ."), ("abbreviation", "κ.λπ."),
      ("abbreviation", "δηλ."), ("abbreviation", "ΔΗΛ."), ("word", "το"), ("word", "σπίτι")]),
    ("σπίτι. σ. αυτός.", [("word", "σπίτι"), ("word", "σ"), ("word", "αυτός")]),
])
def test_tokenizer_rules(text, expected):
    assert kinds(text) == expected


def test_types_fold_case_and_final_sigma():
    assert word_type("Άνθρωπος") == word_type("άνθρωπος") == "άνθρωπος"
    assert word_type("ΑΝΘΡΩΠΟΣ") == "ανθρωπος"
    assert word_type("ΣΑΣ") == "σας"


def hand_text_report(judge, **kw):
    counts = coverage.Counts()
    counts.add_text(TEXT.encode("utf-8"))
    return counts, coverage.report(counts, judge, **kw)


def test_hand_counts(judge):
    """Counted by hand from TEXT. Word tokens: Ο άνθρωπος έγραψε ΕΓΡΑΨΑ γραψα | αγαπώ το
    σπίτι φορές | ελληνο τουρκικός ΑΝΘΡΩΠΟΣ άνθρωπος = 13, of 12 types (άνθρωπος twice;
    ΑΝΘΡΩΠΟΣ is the type ανθρωπος). Rejected: ο (§C6), γραψα (§D1), ελληνο (no analysis)."""
    counts, rep = hand_text_report(judge, guesses=False)
    assert dict(counts.kinds) == {"word": 13, "elided": 3, "number": 2, "latin": 1}
    assert counts.types["άνθρωπος"] == 2 and counts.types["ανθρωπος"] == 1
    rows = {r.band: (r.tokens, r.accepted_tokens, r.types, r.accepted_types) for r in rep.rows}
    assert rows == {
        "all": (13, 10, 12, 9),
        "1": (1, 0, 1, 0),  # ο
        "2-3": (1, 1, 1, 1),  # το
        "4-5": (4, 3, 4, 3),  # σπίτι γραψα αγαπώ φορές
        "6-8": (6, 5, 5, 4),  # εγραψα έγραψε ελληνο άνθρωπος×2 ανθρωπος
        "9-15": (1, 1, 1, 1),  # τουρκικός
        "16+": (0, 0, 0, 0),
    }
    assert [(r.type, r.count, r.reason.split(":")[0]) for r in rep.rejected] == [
        ("γραψα", 1, "§D1"), ("ελληνο", 1, "no analysis"), ("ο", 1, "§C6")]
    assert rep.rows[0].token_coverage == pytest.approx(10 / 13)


def test_invalid_utf8_and_errors_are_counted(judge):
    counts = coverage.Counts()
    counts.add_text("λόγος \xff λόγος ΑΒC\n".encode("utf-8", "surrogateescape")
                    .replace(b"\xc3\xbf", b"\xff"))
    assert counts.invalid_utf8 == 1
    assert counts.types == {"λόγος": 2, "αβc": 1}
    rep = coverage.report(counts, judge, guesses=False)
    assert [(r.type, r.reason) for r in rep.rejected] == [("αβc", "E:mixed-script")]


def test_ό_τι_and_abbreviations_counted(judge):
    counts = coverage.Counts()
    counts.add_text("Ό,τι πεις, π.χ. κ.λπ. δηλ. ό,τι".encode())
    assert counts.types == {"ό,τι": 2, "πεις": 1}
    assert counts.kinds["abbreviation"] == 3
    rep = coverage.report(counts, judge, guesses=False)
    assert rep.rows[0].accepted_tokens == 3  # ό,τι is judged by its tiles ΟΤΙ


def test_long_token_is_cut(judge):
    """A 1 MiB letter run is counted under a cut type (64 bytes and '…'), E:too-long, and
    printed cut."""
    counts = coverage.Counts()
    counts.add_text(("λόγος " + "α" * (1 << 19) + " λόγος").encode())
    (long_type,) = [t for t in counts.types if t != "λόγος"]
    assert long_type == "α" * 32 + "…"
    rep = coverage.report(counts, judge, guesses=False)
    assert [(r.type, r.reason) for r in rep.rejected] == [(long_type, "E:too-long")]
    assert max(len(line) for line in rep.tsv_lines()) < 200


def test_guesses_for_rejected_types(judge):
    counts = coverage.Counts()
    counts.add_text("γραψα γραψα".encode())
    rep = coverage.report(counts, judge)
    (r,) = rep.rejected
    assert (r.type, r.count) == ("γραψα", 2)
    assert r.lemma != "-" and r.inflection_class != "-"  # the guesser's best


def test_pieces_keep_words_whole():
    data = ("αβγ δεζ\n" * 1000).encode()
    counts = coverage.Counts()
    for piece in coverage.text_pieces(io.BytesIO(data), size=37):
        counts.add_text(piece)
    assert counts.types == {"αβγ": 1000, "δεζ": 1000}


def test_a_token_longer_than_a_piece_is_one_token():
    """A run without white space longer than a piece is cut in two pieces, and was counted as
    two tokens (a 3 MB token, three); it is one, under its cut type."""
    data = ("λόγος " + "α" * 100 + "\nλόγος " + "β" * 40 + ",γ\n").encode()
    counts = coverage.Counts()
    for piece in coverage.text_pieces(io.BytesIO(data), size=37):
        counts.add_text(piece)
    assert counts.types == {"λόγος": 2, "α" * 32 + "…": 1, "β" * 40: 1, "γ": 1}
    assert counts.kinds["word"] == 5 and counts.bytes == len(data)


def test_coverage_counts_a_3_mb_token_once(tmp_path, judge):
    p = tmp_path / "long.txt"
    p.write_text("Α" * 1_500_000 + " ΧΑΡΑ\n", encoding="utf-8")
    proc = run("coverage", "--no-guess", "--json", str(p))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["coverage"][0]["tokens"] == 2


def run(*argv, data=None):
    return subprocess.run([sys.executable, "-m", "fst", *argv], input=data,
                          capture_output=True, cwd=REPO_ROOT, timeout=600)


def test_cli_coverage_tsv_json(tmp_path):
    f = tmp_path / "text.txt.gz"
    f.write_bytes(gzip.compress(TEXT.encode()))
    proc = run("coverage", "--no-guess", str(f))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode().split("\n")
    assert lines[0].startswith("band\ttokens\taccepted_tokens")
    assert lines[1] == "all\t13\t10\t0.7692\t12\t9\t0.7500"
    assert "type\tcount\treason\tlemma\tclass" in lines
    proc = run("coverage", "--json", "--top", "2", str(f))
    doc = json.loads(proc.stdout)
    assert doc["tokens_by_kind"]["elided"] == 3
    assert [r["type"] for r in doc["rejected"]] == ["γραψα", "ελληνο"]
    proc = run("coverage", "--rejected-only", "--no-guess", "-", data=TEXT.encode())
    rejected = proc.stdout.decode().splitlines()
    assert [x.split("\t")[0] for x in rejected] == ["γραψα", "ελληνο", "ο"]
    # the first column feeds `dektes guess -`
    proc = run("guess", "--limit", "1", "-",
               data="".join(x.split("\t")[0] + "\n" for x in rejected).encode())
    assert proc.stdout.decode().split("\n")[0].startswith("γραψα\t")


def test_cli_coverage_missing_file(tmp_path):
    proc = run("coverage", str(tmp_path / "nope.txt"))
    assert proc.returncode == 2
    assert b"no such file" in proc.stderr and b"Traceback" not in proc.stderr


def test_validate_several_files_without_dask(tmp_path):
    """Several files, one gzip-compressed, one without a final newline: the same bytes as
    `dektes validate -` on their concatenation (each last line ended)."""
    a = b"\xef\xbb\xbf\xce\x9b\xce\x9f\xce\x93\xce\x9f\xce\xa3\r\n\xff\n\nabc\n"
    b = "γράφω\nΓΡΑΨΑ\r".encode()
    c = b"\xef\xbb\xbfx\n"
    (tmp_path / "a.txt").write_bytes(a)
    (tmp_path / "b.txt.gz").write_bytes(gzip.compress(b))
    (tmp_path / "c.txt").write_bytes(c)
    ref = run("validate", "-", data=a + b + b"\n" + c)
    proc = run("validate", *(str(tmp_path / n) for n in ("a.txt", "b.txt.gz", "c.txt")))
    assert proc.returncode == 0
    assert proc.stdout == ref.stdout and proc.stderr == ref.stderr
    proc = run("validate", str(tmp_path / "a.txt"), str(tmp_path / "missing.txt"))
    assert proc.returncode == 2 and b"missing.txt" in proc.stderr and proc.stdout == b""


def test_blocks_partition_lines_exactly():
    """Cut anywhere, blocks own every line once (validate: block_chunks, over-long lines
    included; coverage: text_pieces), and the last line is ended."""
    import random

    from fst.app.protocol import LongLine
    from fst.app.corpus import block_chunks

    rng = random.Random(15)
    for _ in range(400):
        lines = [b"x" * rng.choice([0, 1, 3, 10, 50, 5000]) for _ in range(rng.randint(0, 30))]
        data = b"\n".join(lines) + rng.choice([b"", b"\n"])
        step = rng.randint(1, 9000)
        got, text = [], b""
        for s in range(0, max(len(data), 1), step):
            e = None if s + step >= len(data) else s + step
            for chunk in block_chunks(io.BytesIO(data), s, e, size=rng.randint(1, 7)):
                got.extend(b"LONG%d" % x.size if type(x) is LongLine else bytes(x)
                           for x in chunk)
            text += b"".join(coverage.text_pieces(io.BytesIO(data), s, e, rng.randint(2, 99)))
        want = [x + b"\n" if len(x) <= 4096 else b"LONG%d" % len(x) for x in data.split(b"\n")]
        if data.endswith(b"\n") or not data:
            want = want[:-1]
        assert got == want
        assert text == data


def test_a_block_that_starts_on_a_long_token_keeps_it_whole():
    """A block beginning at a line of one 5,000-letter token, shorter than a piece: the token
    is read to its newline as one piece, not cut where the block ends (the cluster once
    counted two Latin tokens where the whole text has one)."""
    import io

    from fst.app.coverage import text_pieces
    data = b"\xce\x91\n" + b"x" * 5000 + b"\n\xce\x92\n"
    pieces = list(text_pieces(io.BytesIO(data), 2, 4096))
    assert b"".join(pieces) == b"x" * 5000 + b"\n"
    assert all(b"x" * 5000 in p or b"x" not in p for p in pieces)
