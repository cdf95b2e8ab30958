"""`lnf rules`: the rules lnf cites, in a DM's words (what "K2" in a message means)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click

from lnf.cli.options import echo_json, json_option, terminal_width
from lnf.errors import InputError, InputProblem

if TYPE_CHECKING:
    from lnf.views.glossary import Entry


@click.command()
@click.argument("words", nargs=-1, metavar="[ID|FAMILY|WORD]...")
@json_option
def rules(words: tuple[str, ...], as_json: bool) -> None:
    """What a rule id means: `lnf rules K2`, a family (`lnf rules K`), a word (`lnf rules
    guarded`), or, with nothing, every rule by its title."""
    from lnf.rules.names import suggestion
    from lnf.views.glossary import family, glossary, lookup

    def data(e: Entry) -> dict[str, str]:
        named = family(e.rule)
        return {
            "rule": e.rule,
            "family": named.value if named else "",
            "title": e.title,
            "text": e.text,
        }

    if not words:
        found = glossary()
        if as_json:
            echo_json([data(e) for e in found])
            return
        heading = None
        for e in found:
            if (named := family(e.rule)) is not heading and named is not None:
                click.echo(("\n" if heading else "") + f"{named.value} — {named.heading}")
                heading = named
            click.echo(f"{e.rule:>4}  {e.title}")
        click.echo("\nlnf rules ID tells one (K2), a family (K) or those a word names (guarded).")
        return
    found, missing = lookup(list(words))
    if missing:
        ids = [e.rule for e in glossary()]
        problems = []
        for word in missing:
            near = suggestion(word.upper(), ids)
            hint = near or "lnf rules lists them all"
            problems.append(InputProblem(f"no rule {word!r}", hint=hint))
        raise InputError("command line", problems)
    if as_json:
        echo_json([data(e) for e in found])
        return
    width = min(terminal_width(), 100)
    for i, e in enumerate(found):
        if i:
            click.echo("")
        click.echo(f"{e.rule}  {e.title}")
        click.echo(textwrap.fill(e.text, width, initial_indent="    ", subsequent_indent="    "))
