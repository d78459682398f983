"""``dektes validate`` of several files, compressed files or URLs, with ``--output-dir`` or on
Dask (:mod:`fst.app.corpus`); :mod:`fst.app.cli.validate` hands them here."""
from __future__ import annotations

import os
import sys

from fst.app import corpus, protocol
from fst.runtime import overlay as ov
from fst.store import ensure_cache


def _connect(address: str):
    try:
        from fst.app import distributed as fd
    except ImportError:
        raise protocol.UsageError("--dask needs Dask: pip install 'dektes[dask]'") from None
    try:
        return fd, fd.connect(address)
    except (ValueError, OSError) as e:
        raise protocol.UsageError(str(e)) from None


def _outputs(paths: list[str], out_dir: str, storage_options: dict | None = None) -> list[str]:
    names = [corpus.output_name(p) for p in paths]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise protocol.UsageError("--output-dir: several inputs would write %s; give inputs with "
                             "different names" % dup[0])
    try:
        if corpus.is_url(out_dir):
            fs, p = corpus.load_fsspec().core.url_to_fs(out_dir, **(storage_options or {}))
            fs.makedirs(p, exist_ok=True)
        else:
            os.makedirs(corpus.local_path(out_dir), exist_ok=True)
    except OSError as e:  # the output cannot be written (exit 4), as export --output
        raise protocol.OutputError("cannot write to %r: %s" % (out_dir, protocol.os_reason(e))) \
            from None
    return [out_dir.rstrip("/") + "/" + n for n in names]


def _bar(total: int | None, desc: str, unit: str = "B"):
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, unit_scale=unit == "B", desc=desc, leave=False,
                disable=None if not os.environ.get("DEKTES_NO_PROGRESS") else True)


def cli_validate(args, disabled: frozenset) -> int:
    """``dektes validate`` of several files, compressed files or URLs, on Dask or here."""
    paths = args.files or ["-"]
    overlay = None
    if getattr(args, "list", None):  # the list's file, which the workers read
        try:
            ov.Overlay.load(args.list)
        except ValueError as e:
            raise protocol.UsageError(str(e)) from None
        overlay = str((ov.list_dir(args.list) / "overlay.json").resolve())
    if "-" in paths and (len(paths) > 1 or args.dask or args.output_dir):
        raise protocol.UsageError("'-' (stdin) can only be judged alone, without --dask and "
                             "--output-dir")
    options = corpus.Options(args.valid_only, args.latin_lookalikes)
    total = [0, 0, 0, 0]
    failed: list[str] = []  # the input files that could not be read to their end

    def add(counts) -> None:
        for i in range(4):
            total[i] += counts[i]

    def skip(e: Exception) -> None:
        """A file that cannot be read is named, the others go on; the exit is 2 at the end."""
        failed.append(str(e))
        print("%s: %s; skipped the rest of it" % (protocol.PROG, e), file=sys.stderr)

    try:
        outputs = _outputs(paths, args.output_dir) if args.output_dir else None
        if args.dask:
            fd, client = _connect(args.dask)
            try:
                spec = fd.judge_spec(client, args.worker_cache, args.min_length,
                                     args.max_length, disabled, overlay=overlay)
                if outputs:
                    corpus.plan(paths)  # every input readable before any work
                    bar = _bar(len(paths), "dektes: files", unit="file")
                    for _, counts in fd.validate_files_to(paths, outputs, client, spec=spec,
                                                          options=options):
                        if isinstance(counts, Exception):
                            skip(counts)
                        else:
                            add(counts)
                        bar.update(1)
                    bar.close()
                else:
                    bar = None
                    for block, result in fd.validate_files(paths, client, spec=spec,
                                                           valid_only=args.valid_only,
                                                           latin_lookalikes=args.latin_lookalikes):
                        if bar is None and sys.stderr.isatty() and not sys.stdout.isatty():
                            bar = _bar(None, "dektes: validating")
                        protocol.write_bytes(result.data)
                        add(result.counts)
                        if result.error:
                            skip(result.error)
                        if bar is not None:
                            bar.update(block.size)
                    if bar is not None:
                        bar.close()
            finally:
                fd.close(client)
        else:

            d = ensure_cache(progress=True)
            spec = corpus.JudgeSpec(str(d), args.min_length, args.max_length, disabled,
                             overlay=overlay)
            if paths != ["-"]:
                corpus.plan(paths, block_bytes=1 << 62)  # every input readable before any output
            for i, path in enumerate(paths):
                if outputs:
                    try:
                        add(corpus.validate_file_to(corpus.Block(i, path), outputs[i], spec, options))
                    except (protocol.InputError, corpus.CorpusError) as e:
                        if isinstance(e, corpus.OutputFileError):
                            raise
                        skip(e)
                elif path == "-":
                    add(corpus.validate_chunk_stream(corpus.block_chunks(sys.stdin.buffer), spec, options, True,
                                        protocol.write_bytes)[0])
                else:
                    n = [0, 0, 0, 0]
                    try:
                        with corpus.open_input(path) as f:
                            corpus.validate_chunk_stream(corpus.block_chunks(f, name=repr(path)), spec, options,
                                             total[0] == 0, protocol.write_bytes, n)
                    except (protocol.InputError, corpus.CorpusError) as e:
                        skip(e)
                    add(n)
    except corpus.OutputFileError as e:
        raise protocol.OutputError(str(e)) from None
    except corpus.CorpusError as e:
        raise protocol.UsageError(str(e)) from None
    print("lines %d, valid %d, invalid %d, errors %d" % tuple(total), file=sys.stderr)
    if failed:
        print("%s: %d input file(s) could not be read to their end" % (protocol.PROG, len(failed)),
              file=sys.stderr)
        return protocol.EXIT_USAGE
    return protocol.EXIT_OK
