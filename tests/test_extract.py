from chipbench.agents.extract import extract_files, render_files


def test_info_string_names_the_file():
    files, err = extract_files("```verilog file=top.v\nmodule top; endmodule\n```", ["top.v"])
    assert err is None and files == {"top.v": "module top; endmodule\n"}


def test_bold_filename_above_block_names_it():
    reply = "Fixed:\n\n**top.v**\n```verilog\nmodule top; endmodule\n```\n"
    assert extract_files(reply, ["top.v"])[0] == {"top.v": "module top; endmodule\n"}


def test_heading_with_backticks_names_the_block():
    reply = "### `a.v`\n```\nA\n```\n### `b.v`\n```\nB\n```"
    files, err = extract_files(reply, ["a.v", "b.v"])
    assert err is None and files == {"a.v": "A\n", "b.v": "B\n"}


def test_comment_on_first_line_names_the_block():
    files, _ = extract_files("```\n// file: top.v\nmodule top; endmodule\n```", ["top.v"])
    assert files["top.v"].startswith("// file: top.v")


def test_single_expected_file_takes_last_block_in_its_language():
    reply = "Draft:\n```verilog\nDRAFT\n```\nExample usage:\n```python\nprint(1)\n```\nFinal:\n```verilog\nFINAL\n```"
    assert extract_files(reply, ["top.v"])[0] == {"top.v": "FINAL\n"}


def test_later_block_for_same_file_replaces_earlier():
    reply = "```v file=top.v\nOLD\n```\n```v file=top.v\nNEW\n```"
    assert extract_files(reply, ["top.v"])[0]["top.v"] == "NEW\n"


def test_path_in_info_matches_expected_basename():
    files, err = extract_files("```verilog rtl/top.v\nX\n```", ["top.v"])
    assert err is None and files["top.v"] == "X\n"


def test_reply_without_code_is_an_error():
    files, err = extract_files("I think the bug is in the reset logic.", ["top.v"])
    assert files == {} and "no fenced code block" in err


def test_missing_second_file_is_reported():
    files, err = extract_files("```c file=a.c\nint x;\n```", ["a.c", "b.c"])
    assert "b.c" in err and "a.c" not in err


def test_unterminated_block_runs_to_end_of_reply():
    files, err = extract_files("```verilog file=top.v\nmodule top;\n", ["top.v"])
    assert err is None and files["top.v"] == "module top;\n"


def test_tildes_and_longer_fences_work():
    files, _ = extract_files("~~~~verilog file=top.v\n```inner```\n~~~~", ["top.v"])
    assert files["top.v"] == "```inner```\n"


def test_render_then_extract_round_trips():
    original = {"a.v": "module a;\nendmodule\n", "b.py": "print('```')\n"}
    files, err = extract_files(render_files(original), list(original))
    assert err is None and files == original
