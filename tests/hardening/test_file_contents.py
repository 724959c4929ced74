"""Finding 5: error messages echoed the contents of local files: ``extends: /etc/passwd``
put the whole file in the error text, which a service showing errors to its clients would
leak. A path that is not a preset is now reported by name only."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno

from .helpers import one_line_error, run

SECRET = "s3cr3t-token-0f-the-server"


def secret_files(tmp_path: Path) -> list[Path]:
    """Files that are not presets, each holding the secret: plain text, a passwd-like
    file, a mapping of unknown keys (like ``/proc/self/status``), a YAML list."""
    texts = {
        "notes": f"the password is {SECRET}\n",
        "passwd": f"root:x:0:0:{SECRET}:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n",
        "status": f"Name:\tpython3\nUmask:\t0022\nState:\tR ({SECRET})\n",
        "listing.yaml": f"- {SECRET}\n- more\n",
    }
    paths = []
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def test_extends_of_a_file_that_is_not_a_preset_names_it_only(tmp_path: Path) -> None:
    for path in secret_files(tmp_path):
        with pytest.raises(uno.PresetError) as info:
            uno.load_preset({"extends": str(path)})
        text = str(info.value)
        assert SECRET not in text, text
        assert str(path) in text


def test_loading_such_a_file_directly_names_it_only(tmp_path: Path) -> None:
    for path in secret_files(tmp_path):
        with pytest.raises(uno.PresetError) as info:
            uno.load_preset(str(path))
        assert SECRET not in str(info.value)


@pytest.mark.parametrize("system_file", ["/etc/passwd", "/proc/self/status"])
def test_system_files_are_not_quoted(system_file: str) -> None:
    if not Path(system_file).exists():
        pytest.skip(f"no {system_file} here")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset({"extends": system_file})
    text = str(info.value)
    assert Path(system_file).name in text
    assert "root:" not in text and "Umask" not in text and "Pid" not in text, text


def test_the_commands_do_not_quote_them_either(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in secret_files(tmp_path):
        preset = tmp_path / "p.yaml"
        preset.write_text(f"extends: {path}\n", encoding="utf-8")
        for argv in (["presets", "check", str(preset)], ["presets", "show", str(path)]):
            code, out, err = run(capsys, *argv)
            assert SECRET not in out + err
            assert code in (1, 2)
            if code == 2:
                one_line_error(code, err)


def test_a_real_preset_with_a_typo_still_names_its_keys(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("hand_size: 7\nstackin: true\n", encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(path))
    assert "stackin" in info.value.problems[0]


# --------------------------------------------------------------------------- round 2


def test_values_read_through_extends_from_a_file_that_is_not_a_preset_are_not_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 2, finding 8: a file counted as a preset when any key was a setting, and
    ``name:`` is common, so ``deck: <a secret>`` came back as ``deck: unknown value``."""
    secret = tmp_path / "secret.yml"
    secret.write_text(
        f"name: production\napi_token: {SECRET}\ndeck: sk-live-{SECRET}\n", encoding="utf-8"
    )
    preset = tmp_path / "p.yaml"
    preset.write_text(f"extends: {secret}\n", encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(preset))
    text = str(info.value)
    assert SECRET not in text and "api_token" not in text and "production" not in text
    assert str(secret) in text and "not a preset" in text
    for argv in (["presets", "check", str(preset)], ["presets", "show", str(preset)]):
        code, out, err = run(capsys, *argv)
        assert SECRET not in out + err and code in (1, 2)


def test_a_file_of_settings_only_is_still_a_preset_through_extends(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text("name: parent\nhand_size: 5\n", encoding="utf-8")
    assert uno.load_preset({"extends": str(parent)}).hand_size == 5
    parent.write_text("name: parent\ndeck: bogus\n", encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset({"extends": str(parent)})
    assert "deck: unknown value 'bogus'" in info.value.problems[0]
