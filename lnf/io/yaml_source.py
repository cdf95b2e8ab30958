"""Read YAML (and so JSON) into plain values while remembering the line of every field.

PyYAML's composer keeps each node's position; we walk the node tree ourselves so that later
checks can say "fight.yaml:12: heroes[2].rank". Duplicate keys, which PyYAML would silently
overwrite, are errors here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lnf.errors import InputError, InputProblem

if TYPE_CHECKING:
    import yaml

FieldPath = tuple[str | int, ...]  # a field inside a document: ("heroes", 2, "rank")


def _loader() -> type[yaml.SafeLoader]:
    """PyYAML's safe loader, in C where libyaml is present (much faster). Imported here, on the
    first parse, so that a fight read from the parse cache never loads PyYAML."""
    import yaml

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


def path_text(path: FieldPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class Located:
    """Plain data from a document plus the 1-based line of each path in it."""

    def __init__(self, data: Any, lines: dict[FieldPath, int]) -> None:
        self.data = data
        self.lines = lines

    def line(self, path: FieldPath) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]


def load_yaml(text: str, source: str) -> Located:
    """Parse one YAML or JSON document; any syntax fault becomes an InputError with its line."""
    import yaml

    loader = _loader()(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        message = exc.problem or exc.context or "not valid YAML"
        raise InputError(source, [InputProblem(f"not valid YAML: {message}", line=line)]) from None
    except yaml.YAMLError as exc:
        raise InputError(source, [InputProblem(f"not valid YAML: {exc}")]) from None
    except RecursionError:
        raise InputError(source, [InputProblem("not valid YAML: nested too deeply")]) from None
    finally:
        loader.dispose()
    if node is None:
        raise InputError(source, [InputProblem("the file is empty")])
    lines: dict[FieldPath, int] = {}
    problems: list[InputProblem] = []
    try:
        data = _plain(node, (), lines, problems, loader)
    except RecursionError:
        raise InputError(source, [InputProblem("nested too deeply")]) from None
    if problems:
        raise InputError(source, problems)
    return Located(data, lines)


def _plain(
    node: yaml.Node,
    path: FieldPath,
    lines: dict[FieldPath, int],
    problems: list[InputProblem],
    loader: yaml.SafeLoader,
) -> Any:
    import yaml  # loaded by now: load_yaml imported it

    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, loader)
            if not isinstance(key, str | int) or isinstance(key, bool):
                problems.append(
                    InputProblem(
                        "a key must be a plain word",
                        path_text(path),
                        key_node.start_mark.line + 1,
                    )
                )
                continue
            key = str(key)
            if key in out:
                problems.append(
                    InputProblem(
                        f"key {key!r} appears twice",
                        path_text((*path, key)),
                        key_node.start_mark.line + 1,
                    )
                )
                continue
            out[key] = _plain(value_node, (*path, key), lines, problems, loader)
            lines[(*path, key)] = key_node.start_mark.line + 1  # point at the key, not below it
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _plain(item, (*path, i), lines, problems, loader) for i, item in enumerate(node.value)
        ]
    return _scalar(node, loader)


def _scalar(node: yaml.Node, loader: yaml.SafeLoader) -> Any:
    import yaml

    if not isinstance(node, yaml.ScalarNode):
        return node  # a mapping or list used as a key; the caller reports it
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError:
        return node.value  # an odd tagged scalar: keep its text, let the field checks judge it
