"""The documents hold together: every relative link in the README and docs/ reaches a file (and
a heading, when it names one), every path they quote exists, the README stays a DM's short
read, its test command is the one CI runs, and it carries the SRD's statement word for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lnf.formats.bestiary import ATTRIBUTION

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
# A path into the repository as the documents quote it: `lnf/rules/back_rank.py`, `bench/plan.py`.
PATH = re.compile(r"(?<![\w/.~$-])((?:lnf|bench|tests|examples|scripts|docs|\.ci)/[\w./-]*[\w/])")


def _prose(text: str) -> str:
    """The text without code: links are only links outside code."""
    return CODE_SPAN.sub("code", FENCE.sub("", text))


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, no punctuation, spaces to hyphens."""
    text = heading.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors = set()
    for line in FENCE.sub("", page.read_text(encoding="utf-8")).splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            slug = _slug(match.group(1))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _relative_links(page: Path) -> list[str]:
    links = LINK.findall(_prose(page.read_text(encoding="utf-8")))
    return [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:", link)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_reaches_a_file_and_its_heading(page: Path) -> None:
    broken = []
    for link in _relative_links(page):
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        if not path.exists():
            broken.append(f"{link}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(f"{link}: no heading '{anchor}' in {path.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_quoted_path_exists(page: Path) -> None:
    quoted = set(PATH.findall(page.read_text(encoding="utf-8")))
    missing = sorted(path for path in quoted if not (ROOT / path).exists())
    assert not missing, f"{page.name} quotes paths that do not exist: {missing}"


def test_the_checks_see_a_broken_link_and_a_stale_path(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Here\n\n[gone](gone.md) [self](#here) [nowhere](#there) `lnf/io/gone.py`\n")
    assert _relative_links(page) == ["gone.md", "#here", "#there"]
    assert _anchors(page) == {"here"}
    assert PATH.findall(page.read_text()) == ["lnf/io/gone.py"]
    assert _slug("AC-less defence (`variants: [acl]`)") == "ac-less-defence-variants-acl"
    assert _slug("V — Volley rounds") == "v--volley-rounds"


def test_every_page_of_docs_is_linked_from_the_readme_or_the_index() -> None:
    index = ROOT / "docs" / "index.md"
    linked = {
        (page.parent / link.partition("#")[0]).resolve()
        for page in (README, index)
        for link in _relative_links(page)
    }
    unlinked = [page.name for page in DOCS if page != index and page.resolve() not in linked]
    assert not unlinked, f"neither README.md nor docs/index.md links {unlinked}"


def test_the_readme_is_a_short_read() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 360, f"README.md has {lines} lines; move the long parts to docs/"


def test_the_readme_test_command_is_the_one_ci_runs() -> None:
    readme = README.read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = ".venv/bin/pip install -e '.[dev]' && .venv/bin/python -m pytest"
    assert command in readme
    assert f"`{command}`" in ci
    steps = [line.strip() for line in ci.splitlines() if not line.lstrip().startswith("#")]
    assert ".venv/bin/pip install --quiet -e '.[dev]'" in steps
    assert ".venv/bin/python -m pytest" in steps


def test_the_readme_carries_the_srd_statement_word_for_word() -> None:
    readme = " ".join(README.read_text(encoding="utf-8").split())
    assert ATTRIBUTION in readme
