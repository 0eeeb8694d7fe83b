"""The leaderboard site, in a real browser: built from three recorded replay runs of different
models (scripts/leaderboard_demo.py), opened from disk in headless Chromium through
chromedriver, read and clicked through the DOM as a person would."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from chipbench.leaderboards import build_board
from conftest import chipbench_cmd, requires_iverilog
from isa_support import requires_isa_tools

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
requires_browser = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="needs Debian's chromium and chromium-driver (scripts/setup.sh installs them)")

pytestmark = [requires_iverilog, requires_isa_tools, requires_browser]


def _demo():
    path = Path(__file__).resolve().parents[1] / "scripts" / "leaderboard_demo.py"
    spec = importlib.util.spec_from_file_location("leaderboard_demo", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Three replayed runs and the site built from them by the CLI."""
    root = tmp_path_factory.mktemp("board")
    demo = _demo()
    for cmd in demo.run_commands(demo.write_replies(root / "replies"), root / "runs", root):
        out = chipbench_cmd(*cmd, cwd=root)
        assert out.returncode == 0, out.stdout + out.stderr
    out = chipbench_cmd("leaderboard", "runs/*", "--out", "site", cwd=root)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "pages for 3 run(s), 30 records" in out.stdout
    return root


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def rows(browser, table_id):
    from selenium.webdriver.common.by import By

    return [r for r in browser.find_elements(By.CSS_SELECTOR, f"#{table_id} tbody tr") if r.is_displayed()]


def cell_texts(row):
    from selenium.webdriver.common.by import By

    return [c.text for c in row.find_elements(By.TAG_NAME, "td")]


def test_overview_table_shows_every_run_with_the_boards_figures(site, browser):
    browser.get((site / "site" / "index.html").as_uri())
    board = build_board(str(site / "runs" / "*"))
    expected = {r.label.split(" · ")[0]: f"{100 * r.overall.value:.1f}%" for r in board.runs}
    shown = {cell_texts(r)[1].split()[0]: cell_texts(r)[2].split("\n")[0] for r in rows(browser, "runs")}
    assert shown == expected
    assert shown["replay:replies/sloppy.jsonl"] < shown["replay:replies/steady.jsonl"]
    # Nothing comes from the network: every script, style and link is a file beside the page,
    # and the stylesheet did apply.
    urls = browser.execute_script(
        "return Array.from(document.querySelectorAll('[src],[href]')).map(e => e.src || e.href)")
    assert urls and all(u.startswith("file://") for u in urls), urls
    header = browser.find_element("css selector", "header")
    assert header.value_of_css_property("background-color") == "rgba(13, 27, 42, 1)"
    assert browser.find_elements("css selector", "svg.plot"), "the overview has its plots"


def test_clicking_a_header_sorts_and_typing_filters(site, browser):
    from selenium.webdriver.common.by import By

    browser.get((site / "site" / "index.html").as_uri())
    header = browser.find_element(By.XPATH, "//table[@id='runs']//th[normalize-space()='pass@1 overall']")
    header.click()
    values = [float(r.find_elements(By.TAG_NAME, "td")[2].get_attribute("data-v")) for r in rows(browser, "runs")]
    assert values == sorted(values) and header.get_attribute("aria-sort") == "ascending"
    header.click()
    values = [float(r.find_elements(By.TAG_NAME, "td")[2].get_attribute("data-v")) for r in rows(browser, "runs")]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]
    box = browser.find_element(By.CSS_SELECTOR, "input[data-filter='runs']")
    box.send_keys("sloppy")
    (only,) = rows(browser, "runs")
    assert "sloppy" in only.text
    assert browser.find_element(By.CSS_SELECTOR, "[data-count='runs']").text == "1 of 3"


def test_a_task_page_shows_each_runs_verdict_code_and_transcript(site, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get((site / "site" / "suite-verilog.html").as_uri())
    box = browser.find_element(By.CSS_SELECTOR, "input[data-filter='tasks']")
    box.send_keys("debouncer")
    (task_row,) = rows(browser, "tasks")
    task_row.find_element(By.LINK_TEXT, "debouncer").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "verilog/debouncer"
    verdicts = {cell_texts(r)[0].split()[0]: cell_texts(r)[2] for r in rows(browser, "verdicts")}
    assert verdicts == {"replay:replies/agentic.jsonl": "pass", "replay:replies/steady.jsonl": "fail",
                        "replay:replies/sloppy.jsonl": "fail"}
    code = browser.find_element(By.CSS_SELECTOR, "details.file .code")
    assert "module debouncer" in code.text and code.find_elements(By.CSS_SELECTOR, "span.k, span.kt, span.kd")
    # The tool-calling run's transcript: closed at first, then its tool calls and results.
    agentic = next(s for s in browser.find_elements(By.CSS_SELECTOR, "section.entry") if "agentic" in s.text)
    transcript = agentic.find_element(By.CSS_SELECTOR, "details.transcript")
    assert transcript.get_attribute("open") is None
    transcript.find_element(By.TAG_NAME, "summary").click()
    assert transcript.get_attribute("open") is not None
    calls = [c.text for c in transcript.find_elements(By.CSS_SELECTOR, ".toolcall b")]
    assert calls == ["write_file", "run_checks", "submit"]
    results = transcript.find_elements(By.CSS_SELECTOR, ".msg.tool")
    assert results and all(r.is_displayed() for r in results)
    shot = tmp_path / "task.png"
    browser.save_screenshot(str(shot))
    browser.get((site / "site" / "index.html").as_uri())
    overview = tmp_path / "leaderboard.png"
    browser.save_screenshot(str(overview))
    assert shot.stat().st_size > 20_000 and overview.stat().st_size > 20_000
    print(f"screenshots: {overview} {shot}")
