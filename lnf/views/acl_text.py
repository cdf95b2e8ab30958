"""The AC-less variant's steps as the table says them (V-ACL2, 5, 6, 8): a Wound Save, cover,
surge dice, a contest (and F6's pulls, F7's grips, rolled the same way)."""

from __future__ import annotations

from lnf.model.steps import Contested, Covered, Surged, Wounded
from lnf.rules.wording import plural
from lnf.views.opening_text import d20_text, worse_d20_text


def acl_text(step: Wounded | Covered | Surged | Contested) -> str:
    """The AC-less variant's steps (V-ACL2, 5, 6, 8), as the table says them."""
    if isinstance(step, Wounded):
        roll = d20_text(step.faces, step.bonus)
        saved = "saves" if step.saved else "fails"
        what = f"the {step.part} is {step.state}" if step.state else f"the {step.part} is spared"
        return (
            f"{step.who} makes a Wound Save for the {step.part} (V-ACL5): "
            f"{roll} vs DC {step.dc}: {saved}; {what}."
        )
    if isinstance(step, Covered):
        if step.cover is None:
            return f"{step.who} leaves cover (V-ACL2)."
        return f"{step.who} takes {step.cover} (V-ACL2)."
    if isinstance(step, Surged):
        dice = plural(len(step.faces), "surge die", "surge dice")
        if step.effect == "speed":
            gain = f"{10 * len(step.faces)} ft more movement"
        else:
            faces = ", ".join(map(str, step.faces))
            gain = f"{len(step.faces)}d6 ({faces}) = {sum(step.faces)} temporary hit points"
        return f"{step.who} spends {dice} on {step.effect} (V-ACL6): {gain}."
    mine = (worse_d20_text if step.worse else d20_text)(step.faces, step.bonus)  # F3: weakened
    theirs = (worse_d20_text if step.target_worse else d20_text)(
        step.target_faces, step.target_bonus
    )
    if step.won:
        verdict = f"{step.who} wins"
    elif step.tied:
        rule = {"pull": "F6", "grip": "F7"}.get(step.kind, "V-ACL8")
        verdict = f"a tie: nothing changes ({rule})"
    else:
        verdict = f"{step.target} holds"
    return f"{step.who} tries to {step.kind} {step.target}: {mine} against {theirs}: {verdict}."
