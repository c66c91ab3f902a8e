// test_page.mjs DOKU CHROMIUM SHOTDIR — the web page in a real browser
// (Debian's chromium through playwright-core), against `doku serve` on a
// free loopback port. Each test gets a fresh page; any console error or
// uncaught exception fails it. Screenshots land in SHOTDIR.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const [doku, chrome, shots] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const EASY = '57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19';
const HEX16 = '....A75..23..9.6.......14C.65....9AC3..6......811B..84..F...D...3..1...B..69.5....2..97..B...4..58.D.......42..764.7....3..A1.9.7.49...E...8.........5.7.A....E....24.6315...........1..9..3.2..B1.............2......3.6..58.A4.6782.94..C...B..3...........7..';
const JIGSAW = '4.......7.........15......4..3...7..9.1...8.6..8...4..2.......8.........7.......9';
const JIGSAW_MAP = '112233333111214443211254443222254443615555573688859999688859779688879777666669977';
// two pointing steps in a row with proof digits in one cell (top1465)
const POINTING = '7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........';
const HARD = '12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8';
// variant puzzles: HS_KILLERS#1 (X), and Interactive Sudoku Solver's thermo and arrow examples
const KILLER_ISS = '.Diagonal~1.Diagonal~-1.Cage~14~R1C1~R2C1.Cage~14~R1C8~R1C9.Cage~6~R2C2~R2C3.Cage~6~R2C8~R3C8.Cage~13~R3C3~R4C3.Cage~13~R3C6~R3C7.Cage~17~R6C4~R6C5.Cage~14~R6C7~R7C7.Cage~6~R7C2~R8C2.Cage~13~R7C3~R7C4.Cage~6~R8C7~R8C8.Cage~14~R8C9~R9C9.Cage~14~R9C1~R9C2';
const THERMO_ISS = '.~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9.Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6.Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4';
const ARROW_ISS = '.Arrow~R1C5~R2C4~R3C3~R4C2~R5C1.Arrow~R3C7~R2C6~R3C5~R4C4~R5C3.Arrow~R6C2~R7C3~R6C4~R5C5~R4C6.Arrow~R7C4~R7C5~R7C6.Arrow~R6C7~R5C7~R4C7.Arrow~R5C9~R6C8~R7C7~R8C6~R9C5.~R1C2_6~R1C9_9~R2C1_9~R8C9_3~R9C1_4~R9C8_7';
// every kind that is drawn, in doku's own variant text format (read, not solved)
const EVERY_KIND = `size 9
cage 10 r1c1 r1c2
little-killer 20 r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9
sandwich 10 row 2
xsum 15 column 9
region r4c1 r4c2 r5c1 r5c2
thermo r6c1 r7c1 r8c1
arrow r9c1 r9c2 r9c3
arrow 2 r3c1 r3c2 r4c3 r5c3 r6c3
whisper r2c5 r3c5 r4c5
renban r1c6 r1c7 r1c8
palindrome r5c4 r6c4 r7c4
between r7c6 r7c7 r8c8
region-sum r3c7 r3c6 r4c6
white r8c5 r8c6
black r9c5 r9c6
x r6c5 r6c6
v r5c8 r5c9
greater r2c8 r3c8
quadruple 1 2 r8c2
even r4c8 r4c9
odd r6c9
minimum r1c4
maximum r3c3
anti-knight
white-all
`;

/* ---- files to open, made with doku's own writers ------------------------ */
const files = mkdtempSync(join(tmpdir(), 'doku-web-files-'));
const fixture = (name, text) => { const p = join(files, name); writeFileSync(p, text); return p; };
const csvGrid = (line) => Array.from({ length: 9 }, (_, r) => [...line.slice(r * 9, r * 9 + 9)].map((c) => (c === '.' ? '' : c)).join(',')).join('\r\n') + '\r\n';
const CSV_FILE = fixture('grandma.csv', csvGrid(HARD));
const MULTI_FILE = fixture('club.txt', `${EASY} first\n..3 not a puzzle\n${HARD} second\n`);
const XLSX_FILE = join(files, 'book.xlsx');
execFileSync(doku, ['convert', '--to', 'xlsx', '-o', XLSX_FILE], { input: `${HARD}\n` });
const XLSX_TWO = join(files, 'two.xlsx');
execFileSync(doku, ['convert', '--to', 'xlsx', '-o', XLSX_TWO], { input: `${EASY}\n${HARD}\n` });
const BROKEN = fixture('broken.xlsx', readFileSync(XLSX_FILE).subarray(0, 400));
// what doku solve prints for each variant puzzle (the CLI's solution, to compare the page's with)
const solved = (text) => execFileSync(doku, ['solve', fixture(`v${text.length}.txt`, text + '\n')]).toString().trim();
const KILLER_SOLUTION = solved(KILLER_ISS), THERMO_SOLUTION = solved(THERMO_ISS), ARROW_SOLUTION = solved(ARROW_ISS);
// the thermo puzzle as a SudokuPad link, written by doku convert
const THERMO_LINK = execFileSync(doku, ['convert', '--to', 'sudokupad', fixture('thermo-iss.txt', THERMO_ISS + '\n')]).toString().trim();
const JIGSAW_REGIONS = fixture('j.regions', JIGSAW_MAP.match(/.{9}/g).join('\n') + '\n');
const JIGSAW_LINK = execFileSync(doku, ['convert', '--to', 'fpuzzles', '--regions', JIGSAW_REGIONS], { input: `${JIGSAW}\n` }).toString().trim();
// the regions alone (no boxes, as the link holds them): what doku solve says
const JIGSAW_ALONE = JSON.parse(spawnSync(doku, ['solve', '--format', 'json', '--regions', JIGSAW_REGIONS], { input: `${JIGSAW}\n` }).stdout.toString()).status;

/* ---- the server --------------------------------------------------------- */
const server = spawn(doku, ['serve', '--port', '0', '--quiet', '--threads', '2'], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (d) => {
    text += d;
    const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
    if (m) resolve(+m[1]);
  });
  server.on('exit', (code) => reject(new Error(`doku serve exited with ${code}`)));
  setTimeout(() => reject(new Error('doku serve did not start')), 10000);
});
const base = `http://127.0.0.1:${port}/`;

const browser = await chromium.launch({
  executablePath: chrome,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--no-proxy-server', '--disable-dev-shm-usage'],
});

/* ---- a tiny harness ---------------------------------------------------- */
const tests = [];
const test = (name, fn, opts = {}) => tests.push({ name, fn, opts });
function assert(cond, msg) { if (!cond) throw new Error('assertion failed: ' + msg); }

async function newPage(opts = {}) {
  const ctx = await browser.newContext({ viewport: opts.viewport || { width: 1280, height: 900 }, hasTouch: !!opts.touch, colorScheme: opts.dark ? 'dark' : 'light', bypassCSP: !!opts.axe, permissions: opts.permissions || [] });
  const page = await ctx.newPage();
  page.problems = [];
  page.on('console', (m) => { if (m.type() === 'error' && !opts.allowErrors) page.problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => page.problems.push('pageerror: ' + e.message));
  await page.goto(base + (opts.hash || ''));
  await page.waitForSelector('#grid .cell');
  return page;
}

const cell = (page, i) => page.locator('#grid .cell').nth(i);
const digit = async (page, i) => (await cell(page, i).locator('.v').count()) ? cell(page, i).locator('.v').textContent() : '';
const classes = (page, i) => cell(page, i).getAttribute('class');
const statusText = (page) => page.locator('#status').textContent();

async function typeLine(page, line, n) {
  await cell(page, 0).click();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const ch = line[r * n + c];
      if (ch !== '.') await page.keyboard.press(ch);
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('ArrowDown');
  }
}

/* Opens path through the "Open a file…" button and the browser's file chooser. */
async function pick(page, path) {
  await page.evaluate(() => { document.getElementById('file-box').open = true; });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#open-file')]);
  await chooser.setFiles(path);
}

/* The file the page downloads when action runs: { name, path }. */
async function download(page, action) {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), action()]);
  const path = join(files, `${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(path);
  return { name: d.suggestedFilename(), path };
}

const givensOf = (line) => [...line].filter((c) => /[1-9]/.test(c)).join('');

async function waitStatus(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('status').textContent), re.source, { timeout: 30000 });
}

/* ---- the tests --------------------------------------------------------- */
test('enter a puzzle by keyboard, solve, givens styled apart', async (page) => {
  await typeLine(page, EASY, 9);
  assert((await classes(page, 0)).includes('given'), 'r1c1 is a given');
  assert(page.url().includes('p=57..6'), 'the share link holds the puzzle: ' + page.url());
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  const g = await classes(page, 0), s = await classes(page, 2);
  assert(g.includes('given') && !g.includes('solved'), 'r1c1 given: ' + g);
  assert(s.includes('solved') && !s.includes('given'), 'r1c3 solved: ' + s);
  assert((await digit(page, 2)) === '4', 'r1c3 holds 4');
  const [cg, cs] = await page.evaluate(() => {
    const c = document.querySelectorAll('#grid .cell');
    return [getComputedStyle(c[0]).color + getComputedStyle(c[0]).fontWeight, getComputedStyle(c[2]).color + getComputedStyle(c[2]).fontWeight];
  });
  assert(cg !== cs, `givens look different from filled cells (${cg} vs ${cs})`);
  await page.screenshot({ path: `${shots}/solve.png` });
});

test('a conflicting given turns both cells red', async (page) => {
  await cell(page, 0).click();
  await page.keyboard.press('5');
  await cell(page, 4).click();
  await page.keyboard.press('5');
  assert((await classes(page, 0)).includes('conflict') && (await classes(page, 4)).includes('conflict'), 'both red at once');
  await page.click('#check');
  await waitStatus(page, /Invalid: r1c1 and r1c5 both hold 5 in row 1/);
  assert((await classes(page, 0)).includes('conflict') && (await classes(page, 4)).includes('conflict'), 'both red after Check');
  assert(!(await classes(page, 1)).includes('conflict'), 'r1c2 is not red');
  await page.screenshot({ path: `${shots}/conflict.png` });
});

test('hint highlights its cells', async (page) => {
  await page.click('#hint');
  await waitStatus(page, /Hidden Single: in box 2, 8 can only go in r1c6/);
  assert((await classes(page, 5)).includes('place'), 'r1c6 highlighted');
  assert(await page.isVisible('#apply-hint'), 'Apply hint offered');
  await page.click('#apply-hint');
  assert((await digit(page, 5)) === '8', 'the hint placed 8');
  await page.screenshot({ path: `${shots}/hint.png` });
}, { hash: `#p=${EASY}&n=9` });

test('a hint on a grid without one solution says why instead of a step', async (page) => {
  // a wrong entry (r1c3 is 4) that clashes with nothing: no solution from
  // here; in play the givens' solution is known, so the entry is named
  const known = page.waitForResponse((r) => r.url().endsWith('/api/solve'));
  await page.click('#mode-play');
  await known;
  await cell(page, 2).click();
  await page.keyboard.press('9');
  await page.click('#hint');
  await waitStatus(page, /^No solution from here, so no hint can be true: the entry in r1c3 is wrong \(struck through\)\./);
  assert(await page.isHidden('#apply-hint'), 'no hint to apply');
  assert((await classes(page, 2)).includes('wrong'), 'r1c3 struck through');
  assert(!(await classes(page, 20)).includes('wrong'), 'the given r3c3 is not blamed');
  // in edit mode the same grid is all givens: the server names the cells
  // that, with another digit, give one solution, and Check marks them red
  await page.goto(`${base}#p=${EASY.slice(0, 2)}9${EASY.slice(3)}&n=9`);
  await page.waitForSelector('#grid .cell');
  await page.click('#hint');
  await waitStatus(page, /^No solution from here, so no hint can be true: a filled cell is wrong: with another digit in any one of r1c3, r3c3 or r9c1 the grid has one solution\./);
  await page.click('#solve');
  await waitStatus(page, /^No solution.*\. Check names the cell that is likely wrong\.$/);
  await page.click('#check');
  await waitStatus(page, /^No solution: a filled cell is wrong: .*r1c3/);
  for (const i of [2, 20, 72]) assert((await classes(page, i)).includes('conflict'), `cell ${i} red after Check`);
  assert(!(await classes(page, 0)).includes('conflict'), 'r1c1 is not red');
  // several solutions (four givens fewer)
  await page.goto(`${base}#p=${EASY.slice(0, 77)}....&n=9`);
  await page.waitForSelector('#grid .cell');
  await page.click('#hint');
  await waitStatus(page, /^Several solutions: logic \(and its rating\) needs a puzzle with exactly one solution/);
  assert(await page.isHidden('#apply-hint'), 'no hint to apply');
}, { hash: `#p=${EASY}&n=9` });

test('explain steps forward and back', async (page) => {
  await page.click('#explain');
  await page.waitForSelector('#explain-box:not([hidden])');
  const first = await page.locator('#step-text').textContent();
  assert(/^1\. \(1\.2\) Hidden Single/.test(first), 'first step: ' + first);
  assert((await classes(page, 5)).includes('place'), 'step 1 draws r1c6');
  await page.click('#step-next');
  await page.click('#step-next');
  assert(/^3\./.test(await page.locator('#step-text').textContent()), 'at step 3');
  assert((await digit(page, 5)) === '8', 'step 1 applied on the grid at step 3');
  await page.keyboard.press('[');
  await page.click('#step-prev');
  assert(/^1\./.test(await page.locator('#step-text').textContent()), 'back at step 1');
  assert((await digit(page, 5)) !== '8', 'r1c6 empty again before step 1');
  await page.click('#step-last');
  assert(/End of the explanation/.test(await page.locator('#step-text').textContent()), 'at the end');
  await page.screenshot({ path: `${shots}/explain.png` });
}, { hash: `#p=${EASY}&n=9` });

test('generate then solve', async (page) => {
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '12345');
  await page.selectOption('#gen-difficulty', 'easy');
  await page.click('#generate');
  await waitStatus(page, /Ready to play/);
  assert(await page.isVisible('#playbar'), 'play mode after generate');
  const givens = await page.locator('#grid .cell.given').count();
  assert(givens >= 17 && givens < 81, 'givens: ' + givens);
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  assert((await page.locator('#grid .cell.solved').count()) === 81 - givens, 'every other cell solved');
  await page.screenshot({ path: `${shots}/generate.png` });
});

test('a new size or variant replaces the old grid\'s status and result, and drops its request in flight', async (page) => {
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  await page.selectOption('#size', '16');
  let st = await statusText(page);
  assert(/^A new empty 16×16 \(4×4 boxes\) grid: type givens/.test(st), 'the status is about the new grid: ' + st);
  assert((await page.locator('#result').textContent()).trim() === '', 'the old result is gone');
  await page.selectOption('#variant', 'x');
  st = await statusText(page);
  assert(/^Now 16×16 \(4×4 boxes\), X \(diagonals\): the givens are kept/.test(st), 'a variant keeps the givens and says so: ' + st);
  // a solve still running when the size changes: its answer is about the old grid, never shown
  await page.selectOption('#size', '9');
  await typeLine(page, EASY, 9);
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/api/solve', async (route) => { await held; await route.continue().catch(() => {}); });
  await page.click('#solve');
  await page.waitForFunction(() => document.body.hasAttribute('aria-busy'));
  await page.selectOption('#size', '4');
  release();
  await page.waitForFunction(() => !document.body.hasAttribute('aria-busy'));
  st = await statusText(page);
  assert(/^A new empty 4×4 \(2×2 boxes\) grid/.test(st), 'the old grid\'s answer is not shown: ' + st);
  assert((await page.locator('#grid .cell .v').count()) === 0, 'no digit of the old solution on the 4×4 board');
  await page.screenshot({ path: `${shots}/size-change.png` });
}, { hash: `#p=${EASY}&n=9` });

test('a 16x16 puzzle', async (page) => {
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  assert((await page.locator('#grid .cell').count()) === 256, '256 cells');
  assert((await page.locator('#pad button').count()) === 16, '16 pad keys');
  assert((await digit(page, 0)).length === 1, 'one symbol per cell');
  await page.screenshot({ path: `${shots}/16x16.png` });
}, { hash: `#p=${HEX16}&n=16` });

test('a jigsaw puzzle', async (page) => {
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  const colours = await page.evaluate(() => new Set([...document.querySelectorAll('#grid .cell')].map((c) => [...c.classList].find((k) => /^reg\d$/.test(k)))).size);
  assert(colours >= 3, 'regions coloured: ' + colours);
  await page.screenshot({ path: `${shots}/jigsaw.png` });
}, { hash: `#p=${JIGSAW}&n=9&r=${JIGSAW_MAP}&keep=1` });

test('jigsaw regions entered in the dialog', async (page) => {
  await page.click('#jigsaw-open');
  await page.click('#jigsaw-example');
  await page.click('#jigsaw-apply');
  assert(page.url().includes('r='), 'the link holds the regions');
  assert((await page.locator('#grid .cell.bt').count()) > 0, 'region borders drawn');
});

test('play mode with candidates and undo', async (page) => {
  await page.click('#mode-play');
  assert(await page.isVisible('#playbar'), 'play bar');
  await cell(page, 2).click();
  await page.keyboard.press('9');
  assert((await digit(page, 2)) === '9', 'entry placed');
  assert((await classes(page, 2)).includes('entered'), 'styled as an entry');
  await cell(page, 0).click();
  await page.keyboard.press('1');
  assert((await digit(page, 0)) === '5', 'givens are fixed in play mode');
  await page.click('#check-entries');
  await waitStatus(page, /1 entry is wrong/);
  assert((await classes(page, 2)).includes('wrong'), 'the wrong entry is flagged');
  await page.click('#undo');
  assert((await digit(page, 2)) === '', 'undo clears the entry');
  await page.click('#redo');
  assert((await digit(page, 2)) === '9', 'redo brings it back');
  await page.keyboard.press('Control+z');
  await page.click('#pencil');
  await cell(page, 3).click();
  await page.click('#pad button[data-d="2"]');
  await page.click('#pad button[data-d="4"]');
  assert((await cell(page, 3).locator('.cands span').nth(1).textContent()) === '2', 'pencil mark 2');
  await page.check('#auto-cands');
  assert((await cell(page, 2).locator('.cands').count()) === 1, 'automatic candidates shown');
  assert(/^\d+:\d\d$/.test(await page.locator('#timer').textContent()), 'timer runs');
  await page.screenshot({ path: `${shots}/play.png` });
}, { hash: `#p=${EASY}&n=9` });

test('phone-size viewport', async (page) => {
  const box = await page.locator('#grid').boundingBox();
  assert(box.width <= 390 && box.width > 300, 'grid fits the width: ' + box.width);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(scroll <= 390, 'no sideways scrolling: ' + scroll);
  await cell(page, 2).tap();
  await page.click('#pad button[data-d="4"]');
  assert((await digit(page, 2)) === '4', 'the pad enters digits');
  await pick(page, MULTI_FILE);
  await waitStatus(page, /club\.txt: 2 puzzles/);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, 'no sideways scrolling with the file list open: ' + wide);
  // every card open, at 25x25 too: each field stays inside its card
  await page.selectOption('#size', '25');
  await page.evaluate(() => document.querySelectorAll('details.card').forEach((d) => { d.open = true; }));
  const out = await page.evaluate(() => [...document.querySelectorAll('.card input:not([type=checkbox]):not([hidden]), .card select')]
    .filter((e) => e.offsetParent)
    .filter((e) => e.getBoundingClientRect().right > e.closest('.card').getBoundingClientRect().right)
    .map((e) => e.id));
  assert(out.length === 0, 'fields past their card\'s edge: ' + out.join(' '));
  const open = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(open <= 390, 'no sideways scrolling with every card open: ' + open);
  await page.screenshot({ path: `${shots}/phone.png`, fullPage: true });
}, { viewport: { width: 390, height: 844 }, touch: true, hash: `#p=${EASY}&n=9` });

for (const dark of [false, true]) {
  test(`accessibility (axe-core, ${dark ? 'dark' : 'light'})`, async (page) => {
    await page.click('#explain');
    await page.waitForSelector('#explain-box:not([hidden])');
    await page.click('#gen-box summary');
    await page.click('#share-box summary');
    await pick(page, MULTI_FILE);
    await waitStatus(page, /club\.txt: 2 puzzles/);
    await page.addScriptTag({ content: axeSource });
    const res = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    for (const v of res.violations) console.log(`  axe ${v.impact}: ${v.id} (${v.nodes.length}): ${v.help}`);
    assert(bad.length === 0, 'serious or critical violations: ' + bad.map((v) => v.id).join(', '));
    await page.screenshot({ path: `${shots}/axe-${dark ? 'dark' : 'light'}.png`, fullPage: true });
  }, { axe: true, dark, hash: `#p=${EASY}&n=9` });
}

/* How a cell's drawing stands out from its background: screenshots cell
 * i and gives the WCAG contrast against the cell's background colour of
 * the pixels along its main diagonal (top left to bottom right) and its
 * anti-diagonal, away from the centre where the two meet (the best pixel
 * of each, since a 2 px line is antialiased at its edges). */
async function diagonalContrast(page, i) {
  const png = await cell(page, i).screenshot();
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + src;
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = img.width; cv.height = img.height;
    const cx = cv.getContext('2d');
    cx.drawImage(img, 0, 0);
    const lum = (r, g, b) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((a, v, k) => a + v * [0.2126, 0.7152, 0.0722][k], 0);
    const w = img.width, h = img.height, px = (x, y) => cx.getImageData(x, y, 1, 1).data;
    const bgPx = px(Math.round(w * 0.5), Math.round(h * 0.15));   // top middle: on neither diagonal
    const at = (x, y) => { const d = px(x, y), a = lum(d[0], d[1], d[2]), b = lum(bgPx[0], bgPx[1], bgPx[2]); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
    let main = 0, anti = 0;
    for (let t = 0.15; t <= 0.35; t += 0.01) {
      for (let d = -2; d <= 2; d++) {
        const x = Math.round(w * t), y = Math.round(h * t) + d;
        main = Math.max(main, at(x, y));
        anti = Math.max(anti, at(w - 1 - x, y));
      }
    }
    return { main, anti };
  }, png.toString('base64'));
}

for (const dark of [false, true]) {
  test(`X-sudoku diagonals stand out clearly (${dark ? 'dark' : 'light'})`, async (page) => {
    await page.selectOption('#variant', 'x');
    await cell(page, 1).click();   // r1c2: r4c4 and r2c8 are no peers of it, so plain cells
    const main = await diagonalContrast(page, 30);   // r4c4: on the main diagonal only
    assert(main.main >= 3, `the main diagonal line at 3:1 or more against the cell: ${main.main.toFixed(2)}`);
    assert(main.anti < 1.3, `r4c4 has no anti-diagonal line: ${main.anti.toFixed(2)}`);
    const anti = await diagonalContrast(page, 16);   // r2c8: on the anti-diagonal only
    assert(anti.anti >= 3, `the anti-diagonal line at 3:1 or more against the cell: ${anti.anti.toFixed(2)}`);
    assert(anti.main < 1.3, `r2c8 has no main-diagonal line: ${anti.main.toFixed(2)}`);
    await page.screenshot({ path: `${shots}/x-diagonals-${dark ? 'dark' : 'light'}.png` });
  }, { dark });
}

test('open a CSV file by the file picker', async (page) => {
  await pick(page, CSV_FILE);
  await waitStatus(page, /Opened grandma\.csv \(line 1\)/);
  assert((await digit(page, 0)) === '1' && (await digit(page, 1)) === '2', 'r1c1 r1c2 from the CSV');
  assert((await classes(page, 3)).includes('given'), 'r1c4 is a given');
  assert(page.url().includes('p=12.3'), 'the share link holds the opened puzzle');
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
}, { hash: `#p=${EASY}&n=9` });

test('open an xlsx workbook by the file picker', async (page) => {
  await pick(page, XLSX_FILE);
  await waitStatus(page, /Opened book\.xlsx \('Puzzle 1'!B4:J12\)/);
  const line = await page.evaluate(() => [...document.querySelectorAll('#grid .cell')].map((c) => (c.querySelector('.v') || {}).textContent || '.').join(''));
  assert(line === HARD, 'the workbook\'s puzzle: ' + line);
});

/* The grid as a line ('.' empty) and which cells are givens. */
const gridState = (page) => page.evaluate(() => {
  const cs = [...document.querySelectorAll('#grid .cell')];
  return { line: cs.map((c) => (c.querySelector('.v') || {}).textContent || '.').join(''), givens: cs.map((c) => (c.classList.contains('given') ? 'g' : '.')).join('') };
});

test('save a half-played grid and a solved one as xlsx, reopen: givens stay givens, entries come back as entries', async (page) => {
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('4');   // r1c3: an entry, not a given
  await cell(page, 3).click();
  await page.keyboard.press('2');   // r1c4
  await page.click('#file-box summary');
  await page.selectOption('#export-format', 'xlsx');
  assert(!(await page.isChecked('#export-solution')), 'no solution asked for');
  const half = await download(page, () => page.click('#export'));
  // doku (the CLI) reads the givens only; the entries are drawn apart
  const cli = execFileSync(doku, ['convert', '--to', 'line', half.path]).toString().trim();
  assert(cli === EASY, 'the workbook\'s puzzle is the givens: ' + cli);
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  const solved = await download(page, () => page.click('#export'));
  const solution = (await gridState(page)).line;
  await page.click('#clear');
  await pick(page, half.path);
  await waitStatus(page, /Opened .*xlsx \('Puzzle 1'!B4:J12\)/);
  let st = await gridState(page);
  const want = [...EASY].map((c, i) => (i === 2 ? '4' : i === 3 ? '2' : c)).join('');
  assert(st.line === want, 'the givens and the two entries: ' + st.line);
  assert(st.givens === [...EASY].map((c) => (c === '.' ? '.' : 'g')).join(''), 'only the givens are givens: ' + st.givens);
  assert((await classes(page, 2)).includes('entered'), 'r1c3 is an entry: ' + (await classes(page, 2)));
  assert(page.url().includes(`p=${EASY.slice(0, 9)}`), 'the share link holds the givens only: ' + page.url());
  await pick(page, solved.path);
  const name = solved.path.split('/').pop().replace(/[.]/g, '\\.');
  await waitStatus(page, new RegExp(`Opened ${name} \\('Puzzle 1'!B4:J12\\)`));
  st = await gridState(page);
  assert(st.line === solution && !st.line.includes('.'), 'the solved grid: ' + st.line);
  assert(st.givens === [...EASY].map((c) => (c === '.' ? '.' : 'g')).join(''), 'with the solution, still only the givens are givens: ' + st.givens);
}, { hash: `#p=${EASY}&n=9` });

test('choose from a file of several puzzles; problems named by line and column', async (page) => {
  await pick(page, MULTI_FILE);
  await waitStatus(page, /club\.txt: 2 puzzles/);
  const items = await page.locator('#open-list button').allTextContents();
  assert(items.length === 2 && items[0].startsWith('line 1') && items[1].startsWith('line 3'), 'listed by line: ' + items);
  const problem = await page.locator('#open-problems li').first().textContent();
  assert(/^club\.txt:2:\d+: /.test(problem), 'the problem names file:line:column: ' + problem);
  await page.locator('#open-list button').nth(1).click();
  await waitStatus(page, /Opened club\.txt \(line 3\)/);
  assert((await digit(page, 0)) === '1', 'the second puzzle is on the board');
  await pick(page, XLSX_TWO);
  await waitStatus(page, /two\.xlsx: 2 puzzles/);
  const sheets = await page.locator('#open-list button').allTextContents();
  assert(sheets[0].startsWith("'Puzzle 1'!B4:J12") && sheets[1].startsWith("'Puzzle 2'!B4:J12"), 'listed by sheet!range: ' + sheets);
  await page.locator('#open-list button').nth(0).click();
  await waitStatus(page, /Opened two\.xlsx \('Puzzle 1'!B4:J12\)/);
  assert((await digit(page, 0)) === '5', 'the first sheet\'s puzzle');
  await page.screenshot({ path: `${shots}/open-list.png`, fullPage: true });
});

test('paste an f-puzzles link: the jigsaw comes with it', async (page) => {
  await page.click('#share-box summary');
  await page.fill('#paste', JIGSAW_LINK);
  await page.click('#load');
  await waitStatus(page, /Opened pasted text \(line 1\)/);
  const colours = await page.evaluate(() => new Set([...document.querySelectorAll('#grid .cell')].map((c) => [...c.classList].find((k) => /^reg\d$/.test(k)))).size);
  assert(colours >= 3, 'regions coloured: ' + colours);
  assert(page.url().includes('r='), 'the share link holds the regions');
  await page.click('#solve');
  await waitStatus(page, JIGSAW_ALONE === 'unique' ? /Unique solution/ : /Several solutions/);
});

test('pasted junk text is said plainly not to be a puzzle: words as words, a bad character by its place', async (page) => {
  await page.click('#share-box summary');
  for (const junk of ['hello', 'hello world']) {
    await page.fill('#paste', junk);
    await page.click('#load');
    await waitStatus(page, new RegExp(`^The pasted text is not a puzzle: "${junk}" holds no digits or dots\\. A puzzle is a line of digits .*\\(81 for 9×9\\)`));
    const text = await statusText(page);
    assert(!/not a cell|10x10|5x5/.test(text), 'no grid guessed from the length of words: ' + text);
  }
  // a puzzle-like line with a stray character: the place and the character
  await page.fill('#paste', '1234q');
  await page.click('#load');
  await waitStatus(page, /^The pasted text is not a puzzle: at line 1, column 5, 'q' is not a cell of a 5x5 grid/);
  const text = await statusText(page);
  assert(!/not a symbol|pasted text:\d/.test(text), 'no reader jargon: ' + text);
  assert(/whose cells are 1-5/.test(text) && /81 for 9x9/.test(text), 'what it looked for: ' + text);
  await page.screenshot({ path: `${shots}/paste-junk.png` });
}, { allowErrors: true, hash: `#p=${EASY}&n=9` });   // the browser logs the 422 itself

test('a workbook whose grid is not found: the page lets you name its cells', async (page) => {
  // bad.xlsx (openpyxl): a 9x9 at B2:J10 typed without borders, 'x' in E7
  const bad = join(process.env.DOKU_FIXTURES, 'workbooks', 'bad.xlsx');
  await pick(page, bad);
  await waitStatus(page, /bad\.xlsx.*no puzzle.*Name the cells of the grid below/i);
  assert(await page.isVisible('#range-box'), 'the range chooser is shown');
  assert(await page.evaluate(() => document.activeElement.id) === 'open-range', 'and has the focus');
  await page.fill('#open-range', 'B2');
  await page.click('#open-range-go');
  await waitStatus(page, /"B2" is not a range of cells/);
  await page.fill('#open-range', 'Sheet1!B2:J10');
  await page.keyboard.press('Enter');
  await waitStatus(page, /Sheet1!E7.*'x' is not a digit/);
  await page.locator('#file-box').screenshot({ path: `${shots}/range-chooser.png` });
  // a workbook that opens: its cells named by hand read the same puzzle
  await pick(page, XLSX_FILE);
  await waitStatus(page, /Opened book\.xlsx/);
  await page.evaluate(() => window.history.replaceState(null, '', '#'));
  await page.fill('#open-range', "'Puzzle 1'!B4:J12");
  await page.click('#open-range-go');
  await waitStatus(page, /Opened book\.xlsx \('Puzzle 1'!B4:J12\)/);
  const { line } = await gridState(page);
  assert(line === HARD, 'the named cells: ' + line);
  // a text file hides the chooser again
  await pick(page, MULTI_FILE);
  await waitStatus(page, /club\.txt: 2 puzzles/);
  assert(!(await page.isVisible('#range-box')), 'no range chooser for text');
}, { allowErrors: true });   // the browser logs the 422s itself

test('a broken workbook is refused with its name', async (page) => {
  await pick(page, BROKEN);
  await waitStatus(page, /broken\.xlsx: cannot open as a zip workbook/);
}, { allowErrors: true });   // the browser logs the 422 itself

test('drop a file onto the grid', async (page) => {
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'dropped.sdk', { type: 'text/plain' }));
    return d;
  }, `#A somebody\n${HARD.match(/.{9}/g).join('\n')}\n`);
  await page.dispatchEvent('#grid', 'drop', { dataTransfer: dt });
  await waitStatus(page, /Opened dropped\.sdk/);
  assert((await digit(page, 0)) === '1', 'the dropped puzzle is on the board');
}, { hash: `#p=${EASY}&n=9` });

/* The ink in each cell of a 9x9 PNG drawn by render/single.c (grid at
 * x 20 in picture units, its top border found by looking down column 22,
 * 36 a cell, the picture 364 wide): 'g' dark (a given), 'b' blue (a
 * filled digit), '.' no digit. */
async function pngCells(page, path) {
  const b64 = readFileSync(path).toString('base64');
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + src;
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = img.width; cv.height = img.height;
    const cx = cv.getContext('2d');
    cx.drawImage(img, 0, 0);
    const k = img.width / 364;
    let y0 = 0;
    while (y0 < img.height && cx.getImageData(Math.round(22 * k), y0, 1, 1).data[0] > 90) y0++;
    const top = y0 / k;
    let out = '';
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        const d = cx.getImageData(Math.round((20 + c * 36 + 8) * k), Math.round((top + r * 36 + 6) * k), Math.round(20 * k), Math.round(24 * k)).data;
        let dark = 0, blue = 0;
        for (let i = 0; i < d.length; i += 4) {
          if (d[i] < 90 && d[i + 1] < 90 && d[i + 2] < 90) dark++;
          else if (d[i + 2] > 150 && d[i] < 110) blue++;
        }
        out += dark > 12 ? 'g' : blue > 12 ? 'b' : '.';
      }
    }
    return out;
  }, b64);
}

test('export PDF and PNG of a half-played grid: the entries drawn, apart from the givens', async (page) => {
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('4');   // r1c3: an entry
  await cell(page, 3).click();
  await page.keyboard.press('2');   // r1c4
  await page.click('#file-box summary');
  await page.selectOption('#export-format', 'pdf');
  assert(!(await page.isChecked('#export-solution')), 'no solution asked for');
  const pdf = await download(page, () => page.click('#export'));
  const played = [...EASY].map((c, i) => (i === 2 ? '4' : i === 3 ? '2' : c)).join('');
  // -layout: the digits in reading order (cairo draws the givens first)
  const text = execFileSync('pdftotext', ['-layout', pdf.path, '-']).toString();
  assert(givensOf(text) === givensOf(played), 'the givens and the two entries in order: ' + givensOf(text));
  // the entries in the regular face, the givens in bold
  const fonts = execFileSync('pdffonts', [pdf.path]).toString();
  assert(/\+DejaVuSans\s/.test(fonts) && /\+DejaVuSans-Bold\s/.test(fonts), 'a bold face and a regular one: ' + fonts);
  await page.selectOption('#export-format', 'png');
  const png = await download(page, () => page.click('#export'));
  const ink = await pngCells(page, png.path);
  const want = [...played].map((c, i) => (c === '.' ? '.' : EASY[i] === '.' ? 'b' : 'g')).join('');
  assert(ink === want, `givens dark, entries blue, the rest empty:\n${ink}\n${want}`);
}, { hash: `#p=${EASY}&n=9` });

test('grade and explain say in plain words why logic stops, and what is left', async (page) => {
  // several solutions: logic is not run, and the page says why
  const several = EASY.slice(0, 77) + '....';
  await page.goto(`${base}#p=${several}&n=9`);
  await page.waitForSelector('#grid .cell');
  await page.click('#grade');
  await waitStatus(page, /^Several solutions: logic \(and its rating\) needs a puzzle with exactly one solution/);
  await page.click('#explain');
  await waitStatus(page, /^Several solutions: logic/);
  assert(await page.isHidden('#explain-box'), 'no explanation of nothing');
  // a time limit that runs out: "gave up", after how many steps, and how many cells are left.
  // HARD's first step is a nested forcing chain that takes a tenth of a second or more on a fast
  // machine, and its whole run under a second, so a 1 s limit ran out only on slow machines: the
  // limit is far below that first step's cost, whatever the machine.
  await page.route('**/api/explain', (route) => route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData()), timeout: 0.01 }) }));
  await page.goto(`${base}#p=${HARD}&n=9`);
  await page.waitForSelector('#grid .cell');
  await page.click('#explain');
  await waitStatus(page, /^Logic gave up after \d+ steps?: the time limit ran out before the next step was found.* \d+ cells are still empty/);
  const text = await statusText(page);
  assert(!/gave_up|logic stopped/.test(text), 'no status codes shown: ' + text);
  const steps = +/after (\d+) step/.exec(text)[1];
  const left = +/ (\d+) cells are still empty/.exec(text)[1];
  assert(left > 0 && left <= [...HARD].filter((c) => c === '.').length, `${left} cells left after ${steps} steps`);
  await page.click('#step-last');
  const end = await page.locator('#step-text').textContent();
  assert(steps ? /^End of the explanation/.test(end) : /^No step was found: the grid as given/.test(end), 'the end of the run: ' + end);
  assert(await page.locator('#grid .cell .cands').count() >= left, 'the cells left show their candidates');
  await page.screenshot({ path: `${shots}/explain-gave-up.png` });
});

test('a server error on the puzzle names the cells, without field names', async (page) => {
  await cell(page, 0).click();
  await page.keyboard.press('5');
  await cell(page, 4).click();
  await page.keyboard.press('5');
  await page.click('#grade');
  await waitStatus(page, /^Cannot grade: r1c1 and r1c5 both hold 5 in row 1$/);
  await page.click('#explain');
  await waitStatus(page, /^Cannot explain: r1c1 and r1c5 both hold 5 in row 1$/);
  assert((await classes(page, 0)).includes('conflict') && (await classes(page, 4)).includes('conflict'), 'both cells red');
  await page.click('#count');
  await waitStatus(page, /^No solution: givens clash in r1c1, r1c5 \(red\)$/);
  await page.fill('#count-limit', '0');
  await page.click('#count');
  await waitStatus(page, /^Count up to: a whole number from 1 to 1000000/);
}, { allowErrors: true });

test('generate: a givens count the symmetry cannot give is told at once, with counts that work', async (page) => {
  let asked = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/generate')) asked++; });
  await page.click('#gen-box summary');
  await page.selectOption('#gen-symmetry', 'rot90');
  await page.fill('#gen-clues', '30');
  await page.click('#generate');
  await waitStatus(page, /^With rot90 symmetry a 9×9 puzzle cannot have 30 givens .*: try 29 or 32/);
  await page.selectOption('#size', '16');
  await page.selectOption('#gen-symmetry', 'rot180');
  await page.fill('#gen-clues', '121');
  await page.click('#generate');
  await waitStatus(page, /^With rot180 symmetry a 16×16 puzzle cannot have 121 givens .*: try 120 or 122/);
  assert(asked === 0, 'nothing sent to the server');
});

test('a random full grid, then givens removed down to a chosen count with one solution left', async (page) => {
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '11');
  await page.click('#gen-full');
  await waitStatus(page, /^A full grid \(seed 11\)/);
  let st = await gridState(page);
  assert(!st.line.includes('.') && st.givens === 'g'.repeat(81), 'every cell a given: ' + st.line);
  const full = st.line;
  const cli = execFileSync(doku, ['generate', '--full', '--seed', '11'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim().split(/\s/)[0];
  assert(cli === full, 'the grid doku generate --full --seed 11 makes: ' + cli);
  await page.selectOption('#gen-symmetry', 'rot180');
  await page.fill('#gen-clues', '30');
  await page.click('#reduce');
  await waitStatus(page, /^Removed 51 givens: 30 left, one solution, symmetry rot180/);
  st = await gridState(page);
  assert([...st.line].filter((c) => c !== '.').length === 30, '30 givens on the board: ' + st.line);
  assert([...st.line].every((c, i) => c === '.' || c === full[i]), 'the givens kept are the full grid\'s');
  assert([...st.line].every((c, i) => (c === '.') === (st.line[80 - i] === '.')), 'rot180 symmetric');
  const count = spawnSync(doku, ['count', '--limit', '2'], { input: st.line + '\n' }).stdout.toString();
  assert(/^1\b/.test(count.trim()), 'one solution (doku count): ' + count);
  // fewer than any unique puzzle can keep: said, not hidden
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  await page.fill('#gen-clues', '12');
  await page.selectOption('#gen-symmetry', 'none');
  await page.click('#reduce');
  await waitStatus(page, /^Removed \d+ givens: \d+ left, one solution.* No fewer keep one solution from this grid \(12 asked\)/);
  await page.screenshot({ path: `${shots}/reduce.png` });
});

test('Remove givens on a variant puzzle keeps its constraints and one solution under them', async (page) => {
  await paste(page, KILLER_ISS);
  await solveMatches(page, KILLER_SOLUTION);
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '5');
  await page.fill('#gen-clues', '');
  await page.selectOption('#gen-symmetry', 'none');
  await page.click('#reduce');
  await waitStatus(page, /^Removed \d+ givens: \d+ left, one solution/);
  assert((await drawn(page, 'cage')) === 13, 'the 13 cages stay on the board');
  const st = await gridState(page);
  const left = [...st.line].filter((c) => c !== '.').length;
  // this killer needs no givens at all: every one goes
  assert(left === 0, 'every given removed: ' + left);
  const file = fixture('reduced-killer.txt', execFileSync(doku, ['convert', '--to', 'text', fixture('k-iss.txt', KILLER_ISS + '\n')]).toString().replace(/^givens .*\n/m, '') + `givens ${st.line}\n`);
  assert(execFileSync(doku, ['count', '--limit', '2', file]).toString().trim() === '1', 'doku count: one solution under the cages');
  await solveMatches(page, KILLER_SOLUTION);
});

test('Remove givens on a variant puzzle down to a difficulty on doku\'s own scale', async (page) => {
  await paste(page, KILLER_ISS);
  await solveMatches(page, KILLER_SOLUTION);
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '3');
  await page.fill('#gen-clues', '');
  await page.selectOption('#gen-symmetry', 'none');
  await page.selectOption('#gen-difficulty', 'medium');
  await page.click('#reduce');
  await waitStatus(page, /^Removed \d+ givens: \d+ left, one solution, symmetry none, medium \(\d\.\d\) on doku's own scale\./);
  assert((await drawn(page, 'cage')) === 13, 'the 13 cages stay on the board');
  // Grade says the same of the givens left
  await page.click('#grade');
  await waitStatus(page, /^ER \d\.\d .* — medium \(doku's own scale\)/);
});

test('Generate on drawn constraints chooses givens for them: the cages stay, one solution', async (page) => {
  // the killer's cages without its diagonals have many solutions: givens make it one
  await paste(page, KILLER_ISS.replace('.Diagonal~1.Diagonal~-1', ''));
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '4');
  await page.selectOption('#gen-symmetry', 'rot180');
  await page.click('#generate');
  await waitStatus(page, /^Generated: \d+ givens for the 13 constraints on the board \(one solution under them\), symmetry rot180, seed 4\. Ready to play/);
  assert((await drawn(page, 'cage')) === 13, 'the cages stay on the board');
  const givens = await page.locator('#grid .cell.given').count();
  assert(givens > 0 && givens < 30, 'givens: ' + givens);
  await page.click('#solve');
  await waitStatus(page, /^Unique solution/);
});

test('25x25 on a laptop screen: the whole grid in view, cells big enough to read, letters typed', async (page) => {
  await page.selectOption('#size', '25');
  const box = await page.locator('#grid').boundingBox();
  assert(box.y + box.height <= 768 && box.x + box.width <= 1366, 'the whole grid in view: ' + JSON.stringify(box));
  assert(box.width / 25 >= 23, 'cells at least 23 px: ' + box.width / 25);
  await cell(page, 0).click();
  await page.keyboard.press('p');   // 25: P in the 1-9A-Z alphabet
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('A');
  assert((await digit(page, 0)) === 'P' && (await digit(page, 1)) === 'A', 'letters enter symbols 10..25');
  await page.evaluate(() => { document.getElementById('gen-box').open = true; });
  await page.click('#generate');
  await waitStatus(page, /^Generated: \d+ givens/);
  await page.click('#mode-edit');
  await page.click('#solve');
  await waitStatus(page, /Unique solution in [\d.]+ ms/);
  const full = await page.evaluate(() => [...document.querySelectorAll('#grid .cell')].every((c) => c.querySelector('.v')));
  assert(full, 'every cell filled');
  // the answer is in the window without scrolling, not under anything
  const seen = await page.evaluate(() => {
    const r = document.getElementById('status').getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { top: r.top, bottom: r.bottom, mine: !!top && !!top.closest('#status'), y: window.scrollY };
  });
  assert(seen.y === 0 && seen.top >= 0 && seen.bottom <= 768 && seen.mine, 'the status line in view: ' + JSON.stringify(seen));
  await page.screenshot({ path: `${shots}/25x25-laptop.png` });
}, { viewport: { width: 1366, height: 768 } });

test('25x25 on a phone: readable cells, the grid scrolls sideways in its own box, the status in view', async (page) => {
  await page.selectOption('#size', '25');
  const w = (await cell(page, 0).boundingBox()).width;
  assert(w >= 24, 'cells at least 24 px wide: ' + w);
  const sc = await page.evaluate(() => {
    const s = document.getElementById('grid').parentElement, r = s.getBoundingClientRect();
    return { sw: s.scrollWidth, cw: s.clientWidth, left: r.left, right: r.right, page: document.documentElement.scrollWidth };
  });
  assert(sc.page <= 390, 'the page does not scroll sideways: ' + sc.page);
  assert(sc.left >= 0 && sc.right <= 390 && sc.sw > sc.cw, 'the grid scrolls in its own box: ' + JSON.stringify(sc));
  // the keyboard walks to r1c25: that cell comes into view and takes a letter
  await cell(page, 0).tap();
  await page.keyboard.press('P');
  for (let k = 0; k < 24; k++) await page.keyboard.press('ArrowRight');
  const c = await cell(page, 24).boundingBox();
  assert(c.x >= 0 && c.x + c.width <= 391, 'r1c25 scrolled into view: ' + JSON.stringify(c));
  await page.keyboard.press('P');
  assert((await digit(page, 24)) === 'P', 'r1c25 holds P');
  // the clash is said on the status line, which is in the window and not covered
  await waitStatus(page, /cells conflict/);
  const seen = await page.evaluate(() => {
    const r = document.getElementById('status').getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { top: r.top, bottom: r.bottom, mine: !!top && !!top.closest('#status'), y: window.scrollY, h: innerHeight };
  });
  assert(seen.top >= 0 && seen.bottom <= seen.h && seen.mine, 'the status line in view, on top: ' + JSON.stringify(seen));
  await page.screenshot({ path: `${shots}/25x25-phone.png` });
}, { viewport: { width: 390, height: 844 }, touch: true });

test('export a PDF with the givens, and a link', async (page) => {
  await page.click('#file-box summary');
  await page.selectOption('#export-format', 'pdf');
  const pdf = await download(page, () => page.click('#export'));
  assert(pdf.name === 'doku-9x9.pdf', 'named ' + pdf.name);
  assert(readFileSync(pdf.path).subarray(0, 5).toString() === '%PDF-', 'a PDF');
  const text = execFileSync('pdftotext', ['-raw', pdf.path, '-']).toString();
  assert(givensOf(text) === givensOf(EASY), 'every given in order: ' + givensOf(text));
  // solved: the download carries the solution too
  await page.click('#solve');
  await waitStatus(page, /Unique solution/);
  assert(await page.isChecked('#export-solution'), 'with the solution once solved');
  const solved = await download(page, () => page.click('#export'));
  const digits = givensOf(execFileSync('pdftotext', ['-raw', solved.path, '-']).toString());
  // the givens, then the digits the solution adds: every digit 1-9 nine times
  const counts = [...'123456789'].map((d) => [...digits].filter((c) => c === d).length);
  assert(digits.length === 81 && counts.every((k) => k === 9), 'the whole solution drawn: ' + digits);
  await page.selectOption('#export-format', 'xlsx');
  const book = await download(page, () => page.click('#export'));
  assert(book.name === 'doku-9x9.xlsx' && readFileSync(book.path).subarray(0, 2).toString() === 'PK', 'an xlsx');
  await page.selectOption('#export-format', 'sudokuwiki');
  await page.click('#export');
  await page.waitForSelector('#export-link-box:not([hidden])');
  const href = await page.getAttribute('#export-link', 'href');
  assert(href === `https://www.sudokuwiki.org/sudoku.htm?bd=${EASY.replace(/\./g, '0')}`, 'the SudokuWiki link: ' + href);
  await page.screenshot({ path: `${shots}/export.png`, fullPage: true });
}, { hash: `#p=${EASY}&n=9` });

test('print a booklet from the generate panel', async (page) => {
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '5');
  await page.selectOption('#gen-difficulty', 'easy');
  await page.fill('#book-count', '6');
  await page.selectOption('#book-per-page', '6');
  await page.fill('#book-title', 'Club night');
  const pdf = await download(page, () => page.click('#book-print'));
  await waitStatus(page, /Saved doku-booklet\.pdf: 6 puzzles/);
  const info = execFileSync('pdfinfo', [pdf.path]).toString();
  assert(/Pages:\s+2/.test(info), 'one page of puzzles, one of solutions: ' + info);
  const text = execFileSync('pdftotext', [pdf.path, '-']).toString();
  const cli = join(files, 'cli-booklet.pdf');
  execFileSync(doku, ['print', '--generate', '-n', '6', '--per-page', '6', '--seed', '5', '--difficulty', 'easy', '--symmetry', 'rot180', '--title', 'Club night', '-o', cli], { stdio: 'ignore' });
  assert(text === execFileSync('pdftotext', [cli, '-']).toString(), 'the same booklet as doku print --generate');
  await page.screenshot({ path: `${shots}/booklet.png`, fullPage: true });
});

test('print a booklet of generated killers: each page draws its cages', async (page) => {
  await page.click('#gen-box summary');
  await page.selectOption('#gen-set', 'killer');
  await page.fill('#gen-seed', '9');
  await page.fill('#book-count', '2');
  await page.selectOption('#book-solutions', 'none');
  const pdf = await download(page, () => page.click('#book-print'));
  await waitStatus(page, /Saved doku-booklet\.pdf: 2 puzzles/);
  const words = execFileSync('pdftotext', [pdf.path, '-']).toString().split(/\s+/);
  // puzzle 1 of the seed, as doku generate --killer makes it: its cage sums are on the page
  const text = execFileSync(doku, ['generate', '--killer', '--seed', '9', '-n', '1'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  const sums = [...text.matchAll(/^cage (\d+) /gm)].map((m) => m[1]);
  assert(sums.length > 10, 'the killer has its cages: ' + sums.length);
  for (const x of new Set(sums)) assert(words.filter((w) => w === x).length >= sums.filter((y) => y === x).length, `the cage sum ${x} is printed`);
});

test('print a booklet for constraints drawn on the board: givens chosen for them, every page draws the cages', async (page) => {
  // the killer's cages without its diagonals have many solutions: each puzzle gets givens
  await paste(page, KILLER_ISS.replace('.Diagonal~1.Diagonal~-1', ''));
  await page.click('#gen-box summary');
  await page.fill('#gen-seed', '4');
  await page.fill('#book-count', '2');
  await page.selectOption('#book-solutions', 'none');
  const pdf = await download(page, () => page.click('#book-print'));
  await waitStatus(page, /Saved doku-booklet\.pdf: 2 puzzles/);
  const words = execFileSync('pdftotext', [pdf.path, '-']).toString().split(/\s+/);
  const sums = [...KILLER_ISS.matchAll(/Cage~(\d+)~/g)].map((m) => m[1]);
  for (const x of new Set(sums)) assert(words.filter((w) => w === x).length >= 2 * sums.filter((y) => y === x).length, `the cage sum ${x} is printed on both puzzles`);
});

test('a hint on a killer with the player\'s pencil marks: the marks and the cages are both used', async (page) => {
  await paste(page, KILLER_ISS);
  await page.click('#mode-play');
  await page.click('#pencil');
  await cell(page, 0).click();
  await page.click('#pad button[data-d="8"]');
  await page.click('#pad button[data-d="9"]');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/hint'));
  await page.click('#hint');
  const body = (await sent).postDataJSON();
  assert(body.pencil && body.constraints && body.constraints.length === 13, 'the marks go with the constraints: ' + JSON.stringify(body).slice(0, 200));
  // r1c1 is 8 or 9 by the marks, so its 14-cage leaves r2c1 only 5 or 6
  await waitStatus(page, /cage r1c1,r2c1 \(sum 14\): only \{6,8\} and \{5,9\} fit, so r2c1 is not 1,2,3,4,7,8,9/);
});

test('every action can be reached by keyboard', async (page) => {
  await page.click('#file-box summary');   // the file controls, as a person opens them
  await page.focus('#status');
  const ids = new Set();
  for (let k = 0; k < 120; k++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement && (document.activeElement.id || document.activeElement.className));
    if (id) ids.add(id);
  }
  for (const want of ['size', 'variant', 'mode-play', 'solve', 'check', 'hint', 'explain', 'grade', 'count', 'clear', 'open-file', 'export-format', 'export'])
    assert(ids.has(want), 'Tab reaches #' + want);
  assert([...ids].some((k) => String(k).includes('cell')), 'Tab reaches the grid');
}, { hash: `#p=${EASY}&n=9` });

test('solve on a puzzle with several solutions shows one, says so, and rings the cells a second one fills differently', async (page) => {
  await page.click('#solve');
  await waitStatus(page, /^Several solutions in [\d.]+ ms: one of them is shown; a second one differs in \d+ cells, ringed \(r\d+c\d+/);
  assert((await page.locator('#grid .cell .v').count()) === 81, 'every cell filled');
  const ringed = await page.evaluate(() => [...document.querySelectorAll('#grid .cell')].map((c, i) => (c.classList.contains('differ') ? i : -1)).filter((i) => i >= 0));
  const several = EASY.slice(0, 72) + '.........';
  assert(ringed.length >= 2 && ringed.every((i) => several[i] === '.'), 'the cells that differ are empty ones: ' + ringed);
  const k = +/differs in (\d+) cells/.exec(await statusText(page))[1];
  assert(k === ringed.length, `the count said (${k}) is the cells ringed (${ringed.length})`);
  assert(!(await page.isChecked('#export-solution')), 'one of several is no solution to download');
  // an empty 25x25 too
  await page.selectOption('#size', '25');
  await page.click('#solve');
  await waitStatus(page, /^Several solutions in [\d.]+ ms: one of them is shown/);
  assert((await page.locator('#grid .cell .v').count()) === 625, 'the 25x25 filled');
  await page.screenshot({ path: `${shots}/solve-several.png` });
}, { hash: `#p=${EASY.slice(0, 72)}.........&n=9` });

test('explain: each step draws its own digits, none left from the step before', async (page) => {
  await page.click('#explain');
  await page.waitForSelector('#explain-box:not([hidden])');
  const rec = await page.evaluate(async (p) => (await fetch('/api/explain', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ puzzle: p }) })).json(), POINTING);
  const name = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
  // steps 2 and 3 both mark a proof digit in r3c4 (7, then 8) whose candidates stay the same
  for (let k = 0; k < Math.min(rec.steps.length, 12); k++) {
    if (k) await page.click('#step-next');
    const st = rec.steps[k];
    const want = (list) => new Set((list || []).map((x) => `${x.cell}:${x.digit}`));
    const drawn = await page.evaluate(() => [...document.querySelectorAll('#grid .cell')].map((c) => ({
      pc: [...c.querySelectorAll('.cands .pc')].map((s) => s.textContent),
      ec: [...c.querySelectorAll('.cands .ec')].map((s) => s.textContent),
      fc: [...c.querySelectorAll('.cands .fc')].map((s) => s.textContent),
    })));
    for (const [cls, list] of [['pc', st.placements], ['ec', st.eliminations], ['fc', st.proof]]) {
      const ok = want(list);
      drawn.forEach((d, i) => d[cls].forEach((s) => assert(ok.has(`${name(i)}:${s}`), `step ${k + 1} (${st.text.slice(0, 60)}…): ${name(i)} draws ${s} as ${cls}, not in the step`)));
    }
  }
}, { hash: `#p=${POINTING}&n=9` });

test('a size change is undone by Undo and redone by Redo', async (page) => {
  await page.selectOption('#size', '16');
  await waitStatus(page, /^A new empty 16×16 .*Undo brings the 9×9 puzzle back/);
  assert(!(await page.isDisabled('#undo')), 'Undo is on');
  await page.keyboard.press('Control+z');
  assert((await page.locator('#grid .cell').count()) === 81, 'back to 9x9');
  assert((await gridState(page)).line === EASY, 'with its givens');
  assert((await page.inputValue('#size')) === '9', 'the menu says 9×9');
  assert(page.url().includes(`p=${EASY.slice(0, 9)}`), 'the link is the puzzle again');
  await page.click('#redo');
  assert((await page.locator('#grid .cell').count()) === 256, '16x16 again');
  await page.click('#undo');
  assert((await page.locator('#grid .cell').count()) === 81, 'and back');
  // entries made after the undo are undone first, then the size change's grid is not reached
  await cell(page, 2).click();
  await page.keyboard.press('4');
  await page.click('#undo');
  assert((await digit(page, 2)) === '', 'the entry undone');
}, { hash: `#p=${EASY}&n=9` });

test('a busy server (503 with Retry-After) is said plainly, nothing left spinning', async (page) => {
  await page.route('**/api/solve', (route) => route.fulfill({ status: 503, headers: { 'Retry-After': '4', 'Content-Type': 'application/json' },
    body: JSON.stringify({ error: { code: 'busy', message: 'the server is busy: the request waited its whole time budget' } }) }));
  await page.click('#solve');
  await waitStatus(page, /^The server is busy with other requests: try again in 4 s\.$/);
  assert(!(await page.evaluate(() => document.body.hasAttribute('aria-busy'))), 'nothing is spinning');
}, { allowErrors: true, hash: `#p=${EASY}&n=9` });   // the browser logs the 503 itself

test('a reload keeps the game: continue brings entries, marks, time, mode and undo back; new game forgets it', async (page) => {
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('4');
  await cell(page, 3).click();
  await page.keyboard.press('Alt+2');
  await page.keyboard.press('Alt+6');
  await page.waitForTimeout(1200);
  await page.reload();
  await page.waitForSelector('#grid .cell');
  await page.waitForSelector('#resume:not([hidden])');
  const offer = await page.locator('#resume-text').textContent();
  assert(/^Your game on this puzzle: 1 entry, pencil marks in 1 cells, \d+:\d\d played\.$/.test(offer), 'the offer says what is kept: ' + offer);
  assert((await digit(page, 2)) === '', 'nothing restored before the player says so');
  await page.click('#resume-continue');
  await waitStatus(page, /^Continued your game/);
  assert((await digit(page, 2)) === '4' && (await classes(page, 2)).includes('entered'), 'the entry is back');
  assert((await cell(page, 3).locator('.cands span').allTextContents()).join('') === '26', 'the marks are back');
  assert(await page.isVisible('#playbar'), 'in play mode');
  assert((await page.locator('#timer').textContent()) !== '0:00', 'the time played is kept: ' + await page.locator('#timer').textContent());
  await page.click('#undo');
  assert((await cell(page, 3).locator('.cands span').allTextContents()).join('') === '2', 'undo goes on through the old history');
  // a new game: the saved one is forgotten, and not offered again
  await page.click('#redo');
  await page.reload();
  await page.waitForSelector('#resume:not([hidden])');
  await page.click('#resume-new');
  assert((await digit(page, 2)) === '', 'a new game starts from the givens');
  await page.reload();
  await page.waitForSelector('#grid .cell');
  assert(await page.isHidden('#resume'), 'no game offered after "new game"');
  // a visit with no puzzle in the link offers the last game played
  await cell(page, 2).click();
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('4');
  await page.goto(base);
  await page.waitForSelector('#resume:not([hidden])');
  assert((await gridState(page)).line === EASY, 'the last puzzle played is on the board');
}, { hash: `#p=${EASY}&n=9` });

test('a share link can carry the player\'s progress (opt-in)', async (page) => {
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('4');
  await cell(page, 3).click();
  await page.keyboard.press('Alt+2');
  await cell(page, 5).click();
  await page.keyboard.press('Alt+Shift+Digit8');   // a centre mark
  await page.click('#colour-tool');
  await page.click('#pad button[data-d="3"]');     // r1c6 coloured 3
  await page.click('#colour-tool');
  await page.click('#share-box summary');
  await page.click('#copy-link');
  const read = async () => (await page.inputValue('#paste')) || page.evaluate(() => navigator.clipboard.readText());
  await page.fill('#paste', '');
  await page.click('#copy-link');
  const plain = await read();
  assert(!/[#&]e=/.test(plain), 'without the box ticked the link holds the puzzle only: ' + plain);
  await page.check('#share-progress');
  await page.fill('#paste', '');
  await page.click('#copy-link');
  const link = await read();
  assert(/[#&]e=/.test(link) && /[#&]m=/.test(link), 'the link holds the entries and marks: ' + link);
  const other = await newPage();   // a fresh browser profile: nothing kept
  try {
    await other.goto(link);
    await other.waitForSelector('#grid .cell');
    await waitStatus(other, /^The link's game/);
    assert((await digit(other, 2)) === '4' && (await classes(other, 2)).includes('entered'), 'the entry came with the link');
    assert((await cell(other, 3).locator('.cands span').allTextContents()).join('') === '2', 'the mark came with the link');
    assert((await cell(other, 5).locator('.ctr').textContent()) === '8', 'the centre mark came with the link');
    assert((await classes(other, 5)).includes('col3'), 'the colour came with the link');
    assert(await other.isVisible('#playbar'), 'in play mode');
  } finally {
    await other.context().close();
  }
}, { hash: `#p=${EASY}&n=9`, permissions: ['clipboard-read', 'clipboard-write'] });

/* Rectangles of the selectors' elements, and whether the centre of each is the element itself (not covered). */
const rects = (page, sels) => page.evaluate((list) => list.map((sel) => {
  const e = document.querySelector(sel), r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { sel, left: r.left, top: r.top, right: r.right, bottom: r.bottom, mine: !!top && e.contains(top) };
}), sels);

test('laptop 1366x768: no scrolling when idle or playing, the status line never over the tools', async (page) => {
  const idle = await page.evaluate(() => document.documentElement.scrollHeight);
  assert(idle <= 768, 'the idle page fits the window: ' + idle);
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('9');
  await page.click('#check-entries');
  await waitStatus(page, /1 entry is wrong/);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  assert(h <= 768, 'playing, the page fits the window: ' + h);
  const tools = await rects(page, ['#erase', '#pencil', '#undo', '#redo', '#clear']);
  const [st] = await rects(page, ['#status']);
  for (const t of tools) {
    assert(t.mine, `${t.sel} is not covered`);
    assert(t.bottom <= st.top || t.top >= st.bottom || t.right <= st.left || t.left >= st.right, `${t.sel} and the status line do not overlap`);
  }
  await page.click('#undo');
  assert((await digit(page, 2)) === '', 'a click on Undo undoes');
  await page.screenshot({ path: `${shots}/laptop-check.png` });
}, { viewport: { width: 1366, height: 768 }, hash: `#p=${EASY}&n=9` });

test('phone 390x844: the grid inside its box, Hint/Check/Solve in reach while playing', async (page) => {
  const [grid, box] = await rects(page, ['#grid', '.grid-scroll']);
  assert(grid.right <= box.right + 0.5 && grid.left >= box.left - 0.5, `the grid (${grid.left}-${grid.right}) inside its box (${box.left}-${box.right})`);
  await page.click('#mode-play');
  const [hint, solve, check] = await rects(page, ['#play-hint', '#play-solve', '#check-entries']);
  const last = (await cell(page, 80).boundingBox());
  for (const b of [hint, solve, check]) assert(b.top >= 0 && b.bottom <= 844 && b.mine, `${b.sel} in the window with the grid: ` + JSON.stringify(b));
  assert(last.y + last.height <= 844, 'the whole grid in the window too');
  await page.click('#play-hint');
  await waitStatus(page, /Hidden Single/);
  await page.screenshot({ path: `${shots}/phone-play.png` });
}, { viewport: { width: 390, height: 844 }, touch: true, hash: `#p=${EASY}&n=9` });

test('Ctrl+V anywhere on the page opens a pasted puzzle, grid, link or file', async (page) => {
  // a line, pasted with the grid focused (the real keys and clipboard)
  await cell(page, 0).click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), HARD);
  await page.keyboard.press('Control+V');
  await waitStatus(page, /^Opened pasted text/);
  await page.evaluate(() => { document.getElementById('status').textContent = ''; });   // the next "Opened" is the next paste's
  assert((await gridState(page)).line === HARD, 'the pasted line is on the board');
  // a framed grid, pasted with nothing focused
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const grid = EASY.match(/.{9}/g).map((r) => r.replace(/(...)(...)(...)/, '$1|$2|$3')).join('\n');
  await page.evaluate((t) => navigator.clipboard.writeText(t), grid);
  await page.keyboard.press('Control+V');
  await waitStatus(page, /^Opened pasted text/);
  await page.evaluate(() => { document.getElementById('status').textContent = ''; });   // the next "Opened" is the next paste's
  assert((await gridState(page)).line === EASY, 'the pasted grid is on the board');
  // a link with its jigsaw
  await page.evaluate((t) => navigator.clipboard.writeText(t), JIGSAW_LINK);
  await cell(page, 40).click();
  await page.keyboard.press('Control+V');
  await waitStatus(page, /^Opened pasted text/);
  await page.evaluate(() => { document.getElementById('status').textContent = ''; });   // the next "Opened" is the next paste's
  assert(page.url().includes('r='), 'the link\'s regions came along');
  // a file (as a file manager puts it on the clipboard)
  await page.evaluate((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'copied.sdk', { type: 'text/plain' }));
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: d, bubbles: true, cancelable: true }));
  }, `#A somebody\n${HARD.match(/.{9}/g).join('\n')}\n`);
  await waitStatus(page, /^Opened copied\.sdk/);
  // in a text field Ctrl+V pastes into the field, nothing is opened
  await page.click('#share-box summary');
  await page.focus('#paste');
  await page.keyboard.press('Control+V');
  assert((await page.inputValue('#paste')) === JIGSAW_LINK, 'the text box got the text');
}, { hash: `#p=${EASY}&n=9`, permissions: ['clipboard-read', 'clipboard-write'] });

test('explain and grade with a wrong entry blame the entry, not the givens', async (page) => {
  const known = page.waitForResponse((r) => r.url().endsWith('/api/solve'));
  await page.click('#mode-play');
  await known;
  await cell(page, 2).click();
  await page.keyboard.press('9');   // r1c3 is 4: no clash, but no solution
  await page.click('#explain');
  await waitStatus(page, /^No solution from here: the givens are fine, but your entry in r1c3 is wrong \(struck through\), so there is nothing to explain\.$/);
  assert((await classes(page, 2)).includes('wrong'), 'r1c3 struck through');
  await page.click('#grade');
  await waitStatus(page, /^No solution from here: the givens are fine, but your entry in r1c3 is wrong/);
  assert(!/givens contradict/.test(await page.locator('#result').textContent()), 'the givens are not blamed');
}, { hash: `#p=${EASY}&n=9` });

test('grade says what ER, EP and ED are', async (page) => {
  await page.click('#grade');
  await waitStatus(page, /^ER [\d.]+ · EP [\d.]+ · ED [\d.]+/);
  const titles = await page.locator('#result abbr').evaluateAll((a) => a.map((x) => `${x.textContent}: ${x.title}`));
  assert(titles.length === 3 && /^ER: .*hardest step/.test(titles[0]) && /^EP: .*first placed digit/.test(titles[1]) && /^ED: .*first step/.test(titles[2]), 'each rating has a tooltip: ' + titles);
  assert(/ER is the hardest step .* EP the hardest up to the first placed digit, ED the first step/.test(await page.locator('#result').textContent()), 'and a line in words');
}, { hash: `#p=${EASY}&n=9` });

/* Rows of ink in a PNG: the first and last row with a dark pixel, and the height. */
async function inkRows(page, path) {
  const b64 = readFileSync(path).toString('base64');
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + src;
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = img.width; cv.height = img.height;
    const cx = cv.getContext('2d');
    cx.drawImage(img, 0, 0);
    const d = cx.getImageData(0, 0, img.width, img.height).data;
    const dark = (y) => { for (let x = 0; x < img.width; x++) { const i = (y * img.width + x) * 4; if (d[i] < 90 && d[i + 1] < 90 && d[i + 2] < 90) return true; } return false; };
    let first = 0, last = img.height - 1;
    while (first < img.height && !dark(first)) first++;
    while (last > 0 && !dark(last)) last--;
    return { first, last, height: img.height };
  }, b64);
}

test('exports: the xlsx names the puzzle, the PNG has even margins above and below the grid', async (page) => {
  await page.click('#file-box summary');
  await page.selectOption('#export-format', 'xlsx');
  const book = await download(page, () => page.click('#export'));
  const a1 = execFileSync('python3', ['-c', `import re, sys, zipfile
s = zipfile.ZipFile(sys.argv[1]).read('xl/worksheets/sheet1.xml').decode()
print(re.search(r'<c r="A1"[^>]*>.*?<t[^>]*>(.*?)</t>', s).group(1))`, book.path]).toString().trim();
  assert(a1 === 'Puzzle 1', 'A1 names the puzzle: ' + a1);
  await page.selectOption('#export-format', 'png');
  const png = await download(page, () => page.click('#export'));
  const ink = await inkRows(page, png.path);
  const above = ink.first, below = ink.height - 1 - ink.last;
  assert(Math.abs(above - below) <= 2, `margins above (${above} px) and below (${below} px) the grid are even`);
}, { hash: `#p=${EASY}&n=9` });

test('play like the apps: the pad counts what is left and greys finished digits; the clock starts at the first move, pauses, and stops in Edit', async (page) => {
  const left = (d) => page.locator(`#pad button[data-d="${d}"] .left`).textContent();
  // EASY has three 5s and two 9s
  assert((await left(5)) === '6' && (await left(9)) === '7', `left: 5 → ${await left(5)}, 9 → ${await left(9)}`);
  const said = await page.locator('#pad button[data-d="5"]').ariaSnapshot();
  assert(/button "5 ?, 6 left"/.test(said), 'said to screen readers too: ' + said);
  await page.click('#solve');   // the solution, to play right moves
  await waitStatus(page, /Unique solution/);
  const sol = (await gridState(page)).line;
  await page.click('#mode-play');
  await page.waitForTimeout(1300);
  assert((await page.locator('#timer').textContent()) === '0:00', 'no clock before the first move');
  await cell(page, 2).click();
  await page.keyboard.press(sol[2]);
  await page.waitForFunction(() => document.getElementById('timer').textContent !== '0:00', null, { timeout: 5000 })
    .catch(async () => { throw new Error('the clock does not run after the first move: ' + await page.locator('#timer').textContent()); });
  await page.click('#pause');
  assert(await page.evaluate(() => document.getElementById('grid').classList.contains('paused')), 'the grid is hidden while paused');
  const p1 = await page.locator('#timer').textContent();
  await page.waitForTimeout(1300);
  assert((await page.locator('#timer').textContent()) === p1, 'paused: the clock stands');
  await cell(page, 3).click();
  await page.keyboard.press(sol[3]);
  assert((await digit(page, 3)) === '', 'no moves while paused');
  await page.click('#pause');
  // the tab hidden: the clock stands, and runs again when it is back
  await page.evaluate(() => { Object.defineProperty(document, 'hidden', { value: true, configurable: true }); document.dispatchEvent(new Event('visibilitychange')); });
  const h1 = await page.locator('#timer').textContent();
  await page.waitForTimeout(1300);
  assert((await page.locator('#timer').textContent()) === h1, 'hidden: the clock stands');
  await page.evaluate(() => { Object.defineProperty(document, 'hidden', { value: false, configurable: true }); document.dispatchEvent(new Event('visibilitychange')); });
  await page.click('#mode-edit');
  const e1 = await page.locator('#timer').textContent();
  await page.waitForTimeout(1300);
  await page.click('#mode-play');
  assert((await page.locator('#timer').textContent()) === e1, 'in Edit the clock stands');
  // every 4 of the solution placed: 4 greyed
  await page.click('#mode-edit');
  for (let i = 0; i < 81; i++) if (sol[i] === '4' && EASY[i] === '.') { await cell(page, i).click(); await page.keyboard.press('4'); }
  assert((await left(4)) === '0', 'no 4 left');
  assert(await page.evaluate(() => document.querySelector('#pad button[data-d="4"]').classList.contains('done')), '4 greyed out');
  await page.screenshot({ path: `${shots}/pad-counts.png` });
}, { hash: `#p=${EASY}&n=9` });

test('a hint for a single highlights the unit that proves it', async (page) => {
  await page.click('#hint');
  await waitStatus(page, /Hidden Single: in box 2, 8 can only go in r1c6/);
  const unit = await page.evaluate(() => [...document.querySelectorAll('#grid .cell')].map((c, i) => (c.classList.contains('unit') ? i : -1)).filter((i) => i >= 0));
  // box 2: r1-3 c4-6, less r1c6 (the placement, drawn as such)
  assert(JSON.stringify(unit) === JSON.stringify([3, 4, 12, 13, 14, 21, 22, 23]), 'box 2 highlighted: ' + unit);
  await page.click('#apply-hint');
  assert((await page.locator('#grid .cell.unit').count()) === 0, 'gone with the hint');
  await page.screenshot({ path: `${shots}/hint-unit.png` });
}, { hash: `#p=${EASY}&n=9` });

test('corner and centre pencil marks, and cell colours, undoable and kept over a reload', async (page) => {
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('Alt+2');              // a corner mark
  await page.keyboard.press('Alt+Shift+Digit4');   // a centre mark
  await page.keyboard.press('Alt+Shift+Digit9');
  assert((await cell(page, 2).locator('.cands span').allTextContents()).join('') === '2', 'the corner mark');
  assert((await cell(page, 2).locator('.ctr').textContent()) === '49', 'the centre marks, apart from the corner one');
  await page.click('#centre-tool');
  await cell(page, 3).click();
  await page.click('#pad button[data-d="7"]');
  assert((await cell(page, 3).locator('.ctr').textContent()) === '7', 'the Centre tool makes centre marks');
  assert(/centre marks 7/.test(await cell(page, 3).locator('.sr-only').textContent()), 'said to screen readers');
  // colours: a given and an empty cell, with the pad as the palette
  await page.click('#colour-tool');
  assert(await page.evaluate(() => document.getElementById('pad').classList.contains('colours')), 'the pad shows the palette');
  assert(await page.getAttribute('#centre-tool', 'aria-pressed') === 'false', 'one tool at a time');
  await cell(page, 0).click();
  await page.keyboard.down('Control');
  await cell(page, 4).click();
  await page.keyboard.up('Control');
  await page.click('#pad button[data-d="2"]');
  await cell(page, 40).click();   // the selection moves away: the colours show
  const bg = await page.evaluate(() => [0, 4, 1].map((i) => getComputedStyle(document.querySelectorAll('#grid .cell')[i]).backgroundColor));
  assert(bg[0] === bg[1] && bg[0] !== bg[2], 'r1c1 and r1c5 coloured alike, r1c2 not: ' + bg);
  assert((await classes(page, 0)).includes('col2'), 'colour 2');
  // an entry clears the cell's marks; undo brings them back
  await page.click('#colour-tool');
  await cell(page, 2).click();
  await page.keyboard.press('4');
  assert((await cell(page, 2).locator('.ctr').count()) === 0, 'the entry replaces the marks');
  await page.keyboard.press('Control+z');
  assert((await cell(page, 2).locator('.ctr').textContent()) === '49', 'undo brings the centre marks back');
  await page.keyboard.press('Control+z');
  assert(!(await classes(page, 0)).includes('col2'), 'undo takes the colour off');
  await page.keyboard.press('Control+y');
  await page.waitForTimeout(300);
  await page.reload();
  await page.waitForSelector('#resume:not([hidden])');
  await page.click('#resume-continue');
  assert((await cell(page, 2).locator('.ctr').textContent()) === '49' && (await classes(page, 0)).includes('col2'), 'marks and colours kept over a reload');
  await page.screenshot({ path: `${shots}/marks-colours.png` });
}, { hash: `#p=${EASY}&n=9` });

test('jigsaw regions painted on the grid by dragging', async (page) => {
  await page.click('#jigsaw-open');
  await page.click('#jigsaw-paint');
  await waitStatus(page, /^Painting regions/);
  // drag each row's run of cells of one region, region by region
  for (let id = 1; id <= 9; id++) {
    await page.click(`#pad button[data-d="${id}"]`);
    for (let r = 0; r < 9; r++) {
      let c = 0;
      while (c < 9) {
        if (JIGSAW_MAP[r * 9 + c] !== String(id)) { c++; continue; }
        let e = c;
        while (e + 1 < 9 && JIGSAW_MAP[r * 9 + e + 1] === String(id)) e++;
        const a = await cell(page, r * 9 + c).boundingBox(), b = await cell(page, r * 9 + e).boundingBox();
        await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
        await page.mouse.down();
        await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 * (e - c) + 1 });
        await page.mouse.up();
        c = e + 1;
      }
    }
  }
  await page.click('#paint-done');
  await waitStatus(page, /^Jigsaw regions set/);
  assert(page.url().includes(`r=${JIGSAW_MAP}`), 'the painted map is the jigsaw: ' + page.url());
  assert((await page.inputValue('#box')) === 'jigsaw', 'the Box menu says jigsaw');
  // a map that is no jigsaw is refused, and said why
  await page.click('#jigsaw-open');
  await page.click('#jigsaw-paint');
  await page.click('#pad button[data-d="1"]');
  await cell(page, 80).click();
  await page.click('#paint-done');
  await waitStatus(page, /^Not a jigsaw yet: every region needs 9 cells: region 1 has 10, region \d has 8/);
  await page.click('#paint-cancel');
  assert(page.url().includes(`r=${JIGSAW_MAP}`), 'cancel keeps the regions');
  await page.screenshot({ path: `${shots}/jigsaw-painted.png` });
});

test('accessibility of the play tools, the saved-game offer and region painting (axe-core)', async (page) => {
  await page.click('#mode-play');
  await cell(page, 2).click();
  await page.keyboard.press('Alt+Shift+Digit4');
  await page.keyboard.press('Alt+2');
  await page.click('#colour-tool');
  await page.click('#pad button[data-d="5"]');
  await page.reload();
  await page.waitForSelector('#resume:not([hidden])');
  await page.addScriptTag({ content: axeSource });
  const check = async (what) => {
    const res = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
    for (const v of res.violations) console.log(`  axe ${what} ${v.impact}: ${v.id} (${v.nodes.length}): ${v.help}`);
    const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert(bad.length === 0, `${what}: serious or critical violations: ` + bad.map((v) => v.id).join(', '));
  };
  await check('offer');
  await page.click('#resume-continue');
  await page.click('#colour-tool');
  await page.click('#pause');
  await check('play');
  await page.click('#pause');
  await page.click('#jigsaw-open');
  await page.click('#jigsaw-paint');
  await check('painting');
}, { axe: true, hash: `#p=${EASY}&n=9` });

/* ---- variant constraints ------------------------------------------------ */

/* Pastes text (any format doku reads) into the Paste box and loads it. */
async function paste(page, text) {
  // the status of an earlier open must not pass for this one's
  await page.evaluate(() => { document.getElementById('share-box').open = true; document.getElementById('status').textContent = ''; });
  await page.fill('#paste', text);
  await page.click('#load');
  await waitStatus(page, /^Opened/);
}
const drawn = (page, cls) => page.locator(`#overlay .${cls}`).count();
const boardLine = (page) => page.evaluate(() => [...document.querySelectorAll('#grid .cell')].map((c) => (c.querySelector('.v') ? c.querySelector('.v').textContent : '.')).join(''));

/* Plays digits (cell index -> digit) in play mode. */
async function play(page, moves) {
  for (const [i, d] of moves) {
    await cell(page, i).click();
    await page.keyboard.press(String(d));
  }
}

/* Solve: the board's solution is the CLI's. */
async function solveMatches(page, expected) {
  await page.click('#solve');
  await waitStatus(page, /^Unique solution/);
  assert((await boardLine(page)) === expected, 'the page shows the solution doku solve prints');
}

test('a killer (ISS string): cages drawn with their sums, a broken cage named by Check entries, solved; the link carries the cages', async (page) => {
  await paste(page, KILLER_ISS);
  assert((await drawn(page, 'cage')) === 13, '13 cage outlines drawn');
  const sums = await page.locator('#overlay .cage-sum').allTextContents();
  assert(sums.length === 13 && sums.includes('17'), 'every cage sum is drawn: ' + sums.join(','));
  assert((await cell(page, 0).getAttribute('class')).includes('diag'), 'the X diagonals of the string');
  assert((await cell(page, 0).textContent()).includes('killer cage 14'), 'a cell says the cage it is in');
  assert(page.url().includes('cs=cage.14.'), 'the share link holds the cages: ' + page.url());
  await page.click('#mode-play');
  assert((await page.getAttribute('#mode-play', 'aria-pressed')) === 'true', 'a killer with no givens can be played');
  // r1c1 + r2c1 should make 14: 1 and 2 break the cage
  await play(page, [[0, 1], [9, 2]]);
  await page.click('#check-entries');
  await waitStatus(page, /^Killer cage 14 at r1c1 r2c1 is broken/);
  assert((await classes(page, 0)).includes('conflict') && (await classes(page, 9)).includes('conflict'), 'the cage\'s cells are marked');
  await page.screenshot({ path: `${shots}/variant-killer.png` });
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  // a fresh page opened from the link has the same cages
  const link = page.url();
  const again = await newPage({ hash: link.slice(link.indexOf('#')) });
  assert((await drawn(again, 'cage')) === 13, 'the link opens the killer with its cages');
  await again.context().close();
  await page.click('#mode-edit');
  await page.click('#clear');
  assert((await drawn(page, 'cage')) === 0, 'Clear takes the cages too');
  await page.click('#undo');
  assert((await drawn(page, 'cage')) === 13, 'Undo brings them back');
  await solveMatches(page, KILLER_SOLUTION);
});

test('a killer with a wrong given: Check names the cell the finder blames under the cages', async (page) => {
  await paste(page, KILLER_ISS);
  // r5c5 is 3 in the one solution; 1 breaks no cage and no unit by itself
  await cell(page, 40).click();
  await page.keyboard.press('1');
  await page.click('#check');
  await waitStatus(page, /^No solution: r5c5 holds 1, which no solution has; with 3 there the grid has one solution/);
  assert((await classes(page, 40)).includes('conflict'), 'the blamed cell is marked');
});

/* The automatic candidates of every cell, as drawn ('' for a filled cell). */
const shownCands = (page) => page.evaluate(() => [...document.querySelectorAll('#grid .cell')].map((c) => (c.querySelector('.cands') ? c.querySelector('.cands').textContent : '')));

test('automatic candidates follow the constraints: cage combinations, thermometer bounds; none the solution needs is taken out', async (page) => {
  for (const [puzzle, solution] of [[KILLER_ISS, KILLER_SOLUTION], [THERMO_ISS, THERMO_SOLUTION], [ARROW_ISS, ARROW_SOLUTION]]) {
    await paste(page, puzzle);
    await page.click('#mode-play');
    await page.check('#auto-cands');
    const cands = await shownCands(page);
    cands.forEach((c, i) => { if (c) assert(c.includes(solution[i]), `r${Math.floor(i / 9) + 1}c${i % 9 + 1} keeps its digit ${solution[i]}: ${c}`); });
    if (puzzle === KILLER_ISS) {
      assert(cands[0] === '5689', 'the 14 cage in two cells: 5+9 or 6+8, r1c1 ' + cands[0]);
      assert(cands[10] === '1245', 'the 6 cage in two cells: 1+5 or 2+4, r2c2 ' + cands[10]);
      await play(page, [[0, 5]]);
      assert((await shownCands(page))[9] === '9', 'r1c1 = 5 leaves r2c1 the 9 of its cage');
    } else if (puzzle === THERMO_ISS) {
      // the bulb of the six-cell thermometer r9c4 -> r4c3 holds 1 to 4 at most
      assert(/^[1-4]+$/.test(cands[8 * 9 + 3]), 'the bulb r9c4: ' + cands[8 * 9 + 3]);
    }
    await page.click('#mode-edit');
  }
});

test('automatic candidates never take out a digit a solution holds: every kind, drawn to fit a solved grid, half its cells emptied', async (page) => {
  const bad = await page.evaluate(async (grids) => {
    const { constraintCandidates } = await import('./js/cands.js');
    const { makeShape, candidates } = await import('./js/shape.js');
    const shape = makeShape({ n: 9 }), out = [];
    let seed = 7;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (const line of grids) {
      const s = [...line].map(Number), at = (r, c) => s[r * 9 + c];
      const list = [];
      const orth = [];
      for (let i = 0; i < 81; i++) {
        if (i % 9 < 8) orth.push([i, i + 1]);
        if (i < 72) orth.push([i, i + 9]);
      }
      // dots where the grid has them, so that the negative rules hold too
      for (const [a, b] of orth) {
        const x = s[a], y = s[b];
        if (Math.abs(x - y) === 1) list.push({ kind: 'white', cells: [a, b], params: [] });
        else if (x === 2 * y || y === 2 * x) list.push({ kind: 'black', cells: [a, b], params: [] });
        if (x + y === 10) list.push({ kind: 'x', cells: [a, b], params: [] });
        if (x + y === 5) list.push({ kind: 'v', cells: [a, b], params: [] });
        if (rnd() < 0.1) list.push({ kind: 'greater', cells: x > y ? [a, b] : [b, a], params: [] });
      }
      for (const k of ['white-all', 'black-all', 'x-all', 'v-all']) list.push({ kind: k, cells: [], params: [] });
      // lines grown from each cell along king's moves while the rule holds
      const king = (i) => { const r = Math.floor(i / 9), c = i % 9, o = []; for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) { const rr = r + dr, cc = c + dc; if ((dr || dc) && rr >= 0 && rr < 9 && cc >= 0 && cc < 9) o.push(rr * 9 + cc); } return o; };
      const grow = (start, ok, most) => { const path = [start]; while (path.length < most) { const next = king(path[path.length - 1]).find((j) => !path.includes(j) && ok(path, j)); if (next === undefined) break; path.push(next); } return path; };
      for (let i = 0; i < 81; i += 7) {
        const th = grow(i, (p, j) => s[j] > s[p[p.length - 1]], 5);
        if (th.length > 1) list.push({ kind: 'thermo', cells: th, params: [] });
        const wh = grow(i, (p, j) => Math.abs(s[j] - s[p[p.length - 1]]) >= 5, 4);
        if (wh.length > 1) list.push({ kind: 'whisper', cells: wh, params: [5] });
        const ar = grow(i, (p, j) => p.slice(1).reduce((t, q) => t + s[q], 0) + s[j] <= s[p[0]], 4);
        if (ar.length > 1 && ar.slice(1).reduce((t, q) => t + s[q], 0) === s[i]) list.push({ kind: 'arrow', cells: ar, params: [1] });
        const cg = grow(i, (p, j) => !p.some((q) => s[q] === s[j]) && Math.abs(Math.floor(j / 9) - Math.floor(p[0] / 9)) + Math.abs((j % 9) - (p[0] % 9)) <= 2, 4);
        list.push({ kind: 'cage', cells: cg, params: [cg.reduce((t, q) => t + s[q], 0)] });
        const rb = grow(i, (p, j) => { const d = [...p, j].map((q) => s[q]); return new Set(d).size === d.length && Math.max(...d) - Math.min(...d) === d.length - 1; }, 4);
        if (rb.length > 1) list.push({ kind: 'renban', cells: rb, params: [] });
        const bt = grow(i, (p, j) => p.length < 2 || (s[j] > Math.min(s[p[0]], s[p[1]]) && s[j] < Math.max(s[p[0]], s[p[1]])), 4);
        if (bt.length > 2) { const inner = bt.slice(1); const end = inner.pop(); list.push({ kind: 'between', cells: [bt[0], ...inner, end], params: [] }); }
      }
      // between lines read as 'ends at both sides': keep only those that hold
      for (let k = list.length - 1; k >= 0; k--) {
        const c = list[k];
        if (c.kind !== 'between') continue;
        const a = s[c.cells[0]], b = s[c.cells[c.cells.length - 1]];
        if (!c.cells.slice(1, -1).every((q) => s[q] > Math.min(a, b) && s[q] < Math.max(a, b))) list.splice(k, 1);
      }
      for (let i = 0; i < 81; i++) {
        const ns = orth.filter(([a, b]) => a === i || b === i).map(([a, b]) => (a === i ? b : a));
        if (ns.every((j) => s[j] > s[i])) list.push({ kind: 'minimum', cells: [i], params: [] });
        if (ns.every((j) => s[j] < s[i])) list.push({ kind: 'maximum', cells: [i], params: [] });
        if (rnd() < 0.2) list.push({ kind: s[i] % 2 ? 'odd' : 'even', cells: [i], params: [] });
        if (i % 9 < 8 && i < 72 && rnd() < 0.2) { const q = [i, i + 1, i + 9, i + 10]; list.push({ kind: 'quadruple', cells: q, params: q.slice(0, 3).map((c) => s[c]) }); }
      }
      // little killers down each diagonal from the top row
      for (let c = 1; c < 9; c++) { const cells = []; for (let r = 0; r + c < 9; r++) cells.push(r * 9 + r + c); list.push({ kind: 'little-killer', cells, params: [cells.reduce((t, q) => t + s[q], 0)] }); }
      for (let round = 0; round < 6; round++) {
        const values = s.map((v) => (rnd() < 0.5 ? 0 : v));
        const got = constraintCandidates(shape, values, candidates(shape, values), list);
        values.forEach((v, i) => { if (!v && !(got[i] & (1 << (s[i] - 1)))) out.push(`r${Math.floor(i / 9) + 1}c${i % 9 + 1} lost ${s[i]} (${list.length} constraints)`); });
      }
    }
    return out;
  }, [KILLER_SOLUTION, THERMO_SOLUTION, ARROW_SOLUTION]);
  assert(!bad.length, 'a candidate the solution holds was taken out: ' + bad.slice(0, 5).join('; '));
});

test('a cage\'s automatic candidates are exactly the digits of its combinations that its cells can hold (against every assignment tried)', async (page) => {
  const bad = await page.evaluate(async () => {
    const { constraintCandidates } = await import('./js/cands.js');
    const { makeShape } = await import('./js/shape.js');
    const out = [];
    let seed = 11;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (let t = 0; t < 400 && out.length < 3; t++) {
      const n = rnd() < 0.5 ? 9 : 6, shape = makeShape({ n }), k = 2 + Math.floor(rnd() * 3);
      const cells = [...Array(k).keys()].map((c) => c + n);   // row 2
      const masks = cells.map(() => 1 + Math.floor(rnd() * ((1 << n) - 1)));
      const lo = (k * (k + 1)) / 2, hi = (k * (2 * n - k + 1)) / 2, sum = lo + Math.floor(rnd() * (hi - lo + 1));
      // every assignment of distinct digits from the masks with the sum
      const want = new Array(k).fill(0);
      const walk = (j, used, total, picked) => {
        if (j === k) { if (total === sum) picked.forEach((d, q) => { want[q] |= 1 << (d - 1); }); return; }
        for (let d = 1; d <= n; d++) if ((masks[j] >> (d - 1)) & 1 && !((used >> d) & 1)) walk(j + 1, used | (1 << d), total + d, [...picked, d]);
      };
      walk(0, 0, 0, []);
      const cands = new Array(n * n).fill((1 << n) - 1);
      cells.forEach((i, q) => { cands[i] = masks[q]; });
      const got = constraintCandidates(shape, new Array(n * n).fill(0), cands, [{ kind: 'cage', cells, params: [sum] }]);
      cells.forEach((i, q) => { if (got[i] !== want[q]) out.push(`n ${n}, cage ${sum} of ${k}: cell ${q} ${got[i].toString(2)}, want ${want[q].toString(2)}`); });
    }
    return out;
  });
  assert(!bad.length, bad.join('; '));
});

test('a thermo puzzle: bulbs and lines drawn, a falling thermometer named, solved', async (page) => {
  await paste(page, THERMO_ISS);
  assert((await drawn(page, 'thermo-bulb')) === 4 && (await drawn(page, 'thermo')) === 4, 'four bulbs and four lines');
  await page.click('#mode-play');
  // the thermometer from r9c4 rises: 5 then 3 falls
  await play(page, [[75, 5], [65, 3]]);
  await page.click('#check-entries');
  await waitStatus(page, /^Thermometer at r9c4 r8c3/);
  await page.screenshot({ path: `${shots}/variant-thermo.png` });
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await solveMatches(page, THERMO_SOLUTION);
});

test('an arrow puzzle: circles, lines and heads drawn, a wrong sum named, solved', async (page) => {
  await paste(page, ARROW_ISS);
  assert((await drawn(page, 'arrow-circle')) === 6, 'six circles');
  assert((await drawn(page, 'arrow-line')) === 12, 'six shafts and six heads');
  await page.click('#mode-play');
  // r7c4 is the sum of r7c5 and r7c6
  await play(page, [[57, 3], [58, 4], [59, 5]]);
  await page.click('#check-entries');
  await waitStatus(page, /^Arrow .*r7c4 r7c5 r7c6/);
  await page.screenshot({ path: `${shots}/variant-arrow.png` });
  for (let k = 0; k < 3; k++) await page.keyboard.press('Control+z');
  await solveMatches(page, ARROW_SOLUTION);
});

test('every constraint kind is drawn: lines in their colours, dots, X/V, quadruple, outside clues, marks; global rules in words', async (page) => {
  await paste(page, EVERY_KIND);
  const want = { cage: 1, 'cage-sum': 1, 'lk-arrow': 2, 'outer-clue': 3, 'xsum-box': 1, 'extra-region': 4, 'thermo-bulb': 1, thermo: 1,
    'arrow-circle': 2, 'ln-whisper': 1, 'ln-renban': 1, 'ln-palindrome': 1, 'ln-between': 1, 'between-end': 2, 'ln-regionsum': 1,
    'dot-white': 1, 'dot-black': 1, xv: 2, greater: 1, quad: 1, 'quad-digits': 1, parity: 3, minmax: 8 };
  for (const [cls, k] of Object.entries(want)) assert((await drawn(page, cls)) === k, `${k} .${cls} drawn, not ${await drawn(page, cls)}`);
  assert(/anti-knight, all white dots given/.test(await page.locator('#rules').textContent()), 'the global rules are said under the grid');
  await page.evaluate(() => { document.getElementById('cons-box').open = true; });
  assert((await page.locator('#cons-list li').count()) === 25, 'every constraint listed in words');
  // the clues outside the grid are inside the page, not cut off
  const frame = await page.locator('#grid-frame').boundingBox(), grid = await page.locator('#grid').boundingBox();
  assert(grid.x - frame.x > 20 && grid.y - frame.y > 20, 'a margin for the outside clues');
  await page.screenshot({ path: `${shots}/variant-every-kind.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const f2 = await page.locator('#grid-frame').boundingBox();
  assert(f2.x >= 0 && f2.x + f2.width <= 390, `the frame fits a phone: ${f2.x}..${f2.x + f2.width}`);
  await page.screenshot({ path: `${shots}/variant-every-kind-phone.png`, fullPage: true });
});

test('Edit mode\'s pen: a cage dragged and its sum typed makes the killer unique; a thermometer drawn; undo', async (page) => {
  // the killer without its r9c1-r9c2 cage has several solutions
  await paste(page, KILLER_ISS.replace('.Cage~14~R9C1~R9C2', ''));
  assert((await drawn(page, 'cage')) === 12, '12 cages');
  await page.evaluate(() => { document.getElementById('cons-box').open = true; });
  await page.selectOption('#draw-kind', 'cage');
  const a = await cell(page, 72).boundingBox(), b = await cell(page, 73).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await waitStatus(page, /^A cage of 2 cells: type its sum/);
  await page.keyboard.type('14');
  await page.keyboard.press('Enter');
  await waitStatus(page, /^Added: killer cage 14 at r9c1 r9c2/);
  assert((await drawn(page, 'cage')) === 13, 'the drawn cage is on the grid');
  // a line: a thermometer dragged from its bulb
  await page.selectOption('#draw-kind', 'thermo');
  const t0 = await cell(page, 40).boundingBox(), t1 = await cell(page, 50).boundingBox();
  await page.mouse.move(t0.x + t0.width / 2, t0.y + t0.height / 2);
  await page.mouse.down();
  await page.mouse.move(t1.x + t1.width / 2, t1.y + t1.height / 2, { steps: 5 });
  await page.mouse.up();
  await waitStatus(page, /^Added: thermometer at r5c5 r6c6/);
  assert((await drawn(page, 'thermo-bulb')) === 1, 'the thermometer is drawn');
  await page.screenshot({ path: `${shots}/variant-drawn.png` });
  await page.click('#undo');
  assert((await drawn(page, 'thermo-bulb')) === 0, 'Undo takes the thermometer off');
  // a white dot: a drag across the side of r1c3 and r1c4 (2 and 3 in the solution)
  await page.selectOption('#draw-kind', 'white');
  const d0 = await cell(page, 2).boundingBox(), d1 = await cell(page, 3).boundingBox();
  await page.mouse.move(d0.x + d0.width / 2, d0.y + d0.height / 2);
  await page.mouse.down();
  await page.mouse.move(d1.x + d1.width / 2, d1.y + d1.height / 2, { steps: 3 });
  await page.mouse.up();
  await waitStatus(page, /^Added: white kropki dot at r1c3 r1c4/);
  assert((await drawn(page, 'dot-white')) === 1, 'the dot is drawn');
  await page.selectOption('#draw-kind', '');
  // a rule for the whole grid, by its box: anti-knight takes the killer's only solution away
  await page.check('#global-rules input[data-rule="anti-knight"]');
  await waitStatus(page, /^Added: anti-knight/);
  await page.click('#solve');
  await waitStatus(page, /^No solution/);
  await page.uncheck('#global-rules input[data-rule="anti-knight"]');
  await solveMatches(page, KILLER_SOLUTION);
});

/* A drag with the pen from cell a to cell b (the same cell: a click). */
async function penDrag(page, a, b) {
  const p = await cell(page, a).boundingBox(), q = await cell(page, b).boundingBox();
  await page.mouse.move(p.x + p.width / 2, p.y + p.height / 2);
  await page.mouse.down();
  if (b !== a) await page.mouse.move(q.x + q.width / 2, q.y + q.height / 2, { steps: 4 });
  await page.mouse.up();
}

test('Edit mode\'s pen draws outside clues (little killer, sandwich, X-sum), quadruples and minimum/maximum cells', async (page) => {
  // clues true of the killer's solution: the puzzle keeps its one solution
  const s = [...KILLER_SOLUTION].map(Number), at = (r, c) => s[r * 9 + c];
  await paste(page, KILLER_ISS);
  await page.evaluate(() => { document.getElementById('cons-box').open = true; });
  // a little killer from the clue above-left of r1c2, down the diagonal to r8c9
  let lk = 0;
  for (let k = 0; k < 8; k++) lk += at(k, k + 1);
  await page.selectOption('#draw-kind', 'little-killer');
  await penDrag(page, 1, 11);
  await waitStatus(page, /^A little killer from r1c2: type its sum/);
  await page.keyboard.type(String(lk));
  await page.keyboard.press('Enter');
  await waitStatus(page, new RegExp(`^Added: little killer ${lk} at r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9`));
  // a sandwich on row 3, drawn from its left end
  const row = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((c) => at(2, c)), i1 = row.indexOf(1), i9 = row.indexOf(9);
  const sw = row.slice(Math.min(i1, i9) + 1, Math.max(i1, i9)).reduce((x, y) => x + y, 0);
  await page.selectOption('#draw-kind', 'sandwich');
  await penDrag(page, 18, 19);
  await page.keyboard.type(String(sw));
  await page.keyboard.press('Enter');
  await waitStatus(page, new RegExp(`^Added: sandwich ${sw} `));
  // an X-sum on row 5 read from the right: drawn from r5c9 inward
  const back = [8, 7, 6, 5, 4, 3, 2, 1, 0].map((c) => at(4, c)), xs = back.slice(0, back[0]).reduce((x, y) => x + y, 0);
  await page.selectOption('#draw-kind', 'xsum');
  await penDrag(page, 44, 43);
  await page.keyboard.type(String(xs));
  await page.keyboard.press('Enter');
  await waitStatus(page, new RegExp(`^Added: X-sum ${xs} `));
  // a drag that does not start at the edge is refused, saying where to start
  await penDrag(page, 40, 41);
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await waitStatus(page, /^Not added: its clue sits outside the grid/);
  // a quadruple: its top-left cell clicked, two of its digits typed
  await page.selectOption('#draw-kind', 'quadruple');
  await penDrag(page, 0, 0);
  await waitStatus(page, /^A quadruple: type the digits/);
  await page.keyboard.type(`${at(0, 0)}${at(1, 1)}`);
  await page.keyboard.press('Enter');
  await waitStatus(page, new RegExp(`^Added: quadruple ${at(0, 0)} ${at(1, 1)} at r1c1 r1c2 r2c1 r2c2`));
  // a minimum cell: one below all of its side neighbours in the solution
  const low = s.findIndex((v, i) => [i - 9, i + 9, i % 9 ? i - 1 : -1, i % 9 < 8 ? i + 1 : -1].filter((j) => j >= 0 && j < 81).every((j) => s[j] > v));
  await page.selectOption('#draw-kind', 'minimum');
  await penDrag(page, low, low);
  await waitStatus(page, /^Added: minimum cell at r\d+c\d+/);
  const counts = [await drawn(page, 'lk-arrow'), await drawn(page, 'outer-clue'), await drawn(page, 'xsum-box')];
  assert(counts.join() === '2,3,1', 'the three outside clues drawn (an arrow of two strokes, three numbers, one box): ' + counts.join());
  assert((await drawn(page, 'quad')) === 1 && (await drawn(page, 'minmax')) >= 1, 'the quadruple and the minimum cell drawn');
  await page.screenshot({ path: `${shots}/variant-pen-outside.png` });
  await page.selectOption('#draw-kind', '');
  await solveMatches(page, KILLER_SOLUTION);
  // the share link carries them
  assert(page.url().includes('little-killer.') && page.url().includes('xsum.') && page.url().includes('quadruple.'), 'the link holds the drawn clues');
});

test('a constraint that cannot hold is refused by name', async (page) => {
  await paste(page, KILLER_ISS);
  await page.evaluate(() => { document.getElementById('cons-box').open = true; });
  await cell(page, 4).click();
  await page.keyboard.press('Control+ArrowRight');
  await page.fill('#draw-sum', '50');
  await page.selectOption('#draw-kind', 'cage');
  await page.click('#draw-add');
  await waitStatus(page, /^Added: killer cage 50 at r1c5 r1c6/);
  await page.selectOption('#draw-kind', '');
  await page.click('#solve');
  await waitStatus(page, /killer cage 50 at r1c5 r1c6: no 2 distinct digits of 1-9 sum to 50/);
  await page.click('#undo');
  await page.click('#solve');
  await waitStatus(page, /^Unique solution/);
}, { allowErrors: true });

test('a variant file (doku\'s own text format) opened by the file picker, in dark mode', async (page) => {
  await pick(page, fixture('thermo-killer.txt', 'size 6\ncage 7 r1c1 r1c2 r2c1\nthermo r3c3 r3c4 r4c5\nwhisper r6c1 r5c2 r6c3\ngivens 1.............................2.....\n'));
  await waitStatus(page, /^Opened thermo-killer\.txt/);
  assert((await page.locator('#grid .cell').count()) === 36, 'a 6x6 grid');
  assert((await drawn(page, 'cage')) === 1 && (await drawn(page, 'thermo-bulb')) === 1 && (await drawn(page, 'ln-whisper')) === 1, 'its cage, thermometer and whispers');
  assert((await digit(page, 0)) === '1', 'its givens');
  await page.screenshot({ path: `${shots}/variant-file-dark.png` });
}, { dark: true });

test('a variant puzzle saved as xlsx opens again with its constraints: doku\'s workbook of a solved killer', async (page) => {
  const book = join(files, 'killer.xlsx');
  execFileSync(doku, ['solve', '--format', 'xlsx', '-o', book, fixture('killer-for-xlsx.txt', KILLER_ISS + '\n')]);
  await pick(page, book);
  await waitStatus(page, /^Opened killer\.xlsx/);
  assert((await drawn(page, 'cage')) === 13, 'the 13 cages listed under the grid are drawn');
  // every digit was plain (no givens): they come back as the player's entries
  assert((await page.getAttribute('#mode-play', 'aria-pressed')) === 'true', 'play mode with the entries');
  assert((await boardLine(page)) === KILLER_SOLUTION, 'the solution as entries');
  await page.click('#check-entries');
  await waitStatus(page, /^No wrong entries so far/);
});

test('a half-played thermo saved as xlsx from the page reopens with its thermometers, givens and entries', async (page) => {
  await paste(page, THERMO_ISS);
  await page.click('#mode-play');
  const empty = [];
  for (let i = 0; i < 81 && empty.length < 2; i++) if (!(await digit(page, i))) empty.push(i);
  await play(page, empty.map((i) => [i, THERMO_SOLUTION[i]]));
  await page.evaluate(() => { document.getElementById('file-box').open = true; });
  await page.selectOption('#export-format', 'xlsx');
  const half = await download(page, () => page.click('#export'));
  const before = await gridState(page);
  await page.click('#mode-edit');
  await page.click('#clear');
  await pick(page, half.path);
  await waitStatus(page, /^Opened .*xlsx/);
  assert((await drawn(page, 'thermo-bulb')) === 4, 'the four thermometers come back');
  const st = await gridState(page);
  assert(st.line === before.line && st.givens === before.givens, 'the givens as givens, the entries as entries: ' + st.line);
});

test('variant links: a pasted SudokuPad link opens with its thermometers; a killer saved as an f-puzzles link opens with its cages', async (page) => {
  await paste(page, THERMO_LINK);
  assert((await drawn(page, 'thermo-bulb')) === 4, 'the link\'s four thermometers');
  assert((await digit(page, 1)) === '4', 'its givens');
  await paste(page, KILLER_ISS);
  await page.evaluate(() => { document.getElementById('file-box').open = true; });
  await page.selectOption('#export-format', 'fpuzzles');
  await page.click('#export');
  await waitStatus(page, /link/);
  const link = await page.locator('#export-link').textContent();
  assert(link.startsWith('https://www.f-puzzles.com/?load='), 'an f-puzzles link: ' + link);
  await page.click('#clear');
  await paste(page, link);
  assert((await drawn(page, 'cage')) === 13, 'the link opens with the 13 cages');
  // a line cannot hold them: said, never written without them; a picture draws them
  await page.selectOption('#export-format', 'line');
  await page.click('#export');
  await waitStatus(page, /cannot hold the puzzle's variant constraints/);
  await page.selectOption('#export-format', 'svg');
  const got = await download(page, () => page.click('#export'));
  assert(readFileSync(got.path, 'utf8').split('stroke-dasharray').length - 1 === 13, 'the SVG draws the 13 cages');
}, { permissions: ['clipboard-read', 'clipboard-write'], allowErrors: true });

test('a link\'s title and author: said when it opens, kept in the links and text the page writes', async (page) => {
  const titled = fixture('titled.txt', 'size 4\ntitle Little été\nauthor Ann Setter\nthermo r1c1 r1c2 r2c2\ngivens ..3. ...2 2... .3..\n');
  const link = execFileSync(doku, ['convert', '--to', 'sudokupad', titled]).toString().trim();
  await paste(page, link);
  await waitStatus(page, /^Opened .*: a 4×4 puzzle: "Little été" by Ann Setter\./);
  await page.evaluate(() => { document.getElementById('file-box').open = true; });
  await page.selectOption('#export-format', 'sudokupad');
  await page.click('#export');
  await waitStatus(page, /link/);
  const back = await page.locator('#export-link').textContent();
  const text = execFileSync(doku, ['convert', '--to', 'text'], { input: back + '\n' }).toString();
  assert(text.includes('title Little été\nauthor Ann Setter\n'), 'the link the page wrote carries them: ' + text);
  await page.selectOption('#export-format', 'text');
  const got = await download(page, () => page.click('#export'));
  assert(readFileSync(got.path, 'utf8').includes('title Little été\nauthor Ann Setter\n'), 'so does the variant text');
  // the page's own share link carries them too
  const hash = new URL(page.url()).hash;
  assert(new URLSearchParams(hash.slice(1)).get('t') === 'Little été', 'the share link holds the title: ' + hash);
  const again = await newPage({ hash });
  await again.evaluate(() => { document.getElementById('file-box').open = true; });
  await again.selectOption('#export-format', 'text');
  const got2 = await download(again, () => again.click('#export'));
  assert(readFileSync(got2.path, 'utf8').includes('title Little été\nauthor Ann Setter\n'), 'a page opened from the link keeps them');
  await again.context().close();
}, { permissions: ['clipboard-read', 'clipboard-write'], allowErrors: true });

test('generate a killer: cages drawn, played from no givens, solved to the generated solution', async (page) => {
  await page.evaluate(() => { document.getElementById('gen-box').open = true; });
  await page.selectOption('#gen-set', 'killer');
  assert(await page.isDisabled('#gen-symmetry'), 'a killer takes no symmetry');
  await page.fill('#gen-cages', '2-4');
  await page.fill('#gen-seed', '5');
  await page.click('#generate');
  await waitStatus(page, /^Generated: a killer \(\d+ constraints, 0 givens/);
  const cages = await drawn(page, 'cage');
  assert(cages >= 20, `the killer's cages are drawn: ${cages}`);
  assert((await page.getAttribute('#mode-play', 'aria-pressed')) === 'true', 'ready to play');
  // the cages cover the grid: every cell says the cage it is in
  assert((await cell(page, 40).textContent()).includes('killer cage'), 'r5c5 is in a cage');
  // the same killer as doku generate makes from that seed, solved to its solution
  const cli = /^solution (\S+)$/m.exec(execFileSync(doku, ['generate', '--killer', '--cage-size', '2-4', '--seed', '5', '--to', 'text', '--solution'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  assert(cli, 'doku generate writes the solution');
  await solveMatches(page, cli[1]);
  await page.screenshot({ path: `${shots}/variant-generated-killer.png` });
});

test('generate with a difficulty on doku\'s own scale: a killer as doku generate --killer --difficulty makes it, and givens for drawn cages', async (page) => {
  await page.evaluate(() => { document.getElementById('gen-box').open = true; });
  await page.selectOption('#gen-set', 'killer');
  assert(!(await page.isDisabled('#gen-difficulty')), 'a killer takes a difficulty');
  await page.selectOption('#gen-difficulty', 'medium');
  await page.fill('#gen-seed', '3');
  await page.click('#generate');
  await waitStatus(page, /^Generated: a killer \(\d+ constraints, 0 givens.*\), medium on doku's own scale, seed 3\./);
  const cli = /^solution (\S+)$/m.exec(execFileSync(doku, ['generate', '--killer', '--difficulty', 'medium', '--seed', '3', '--to', 'text', '--solution'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  assert(cli, 'doku generate writes the solution');
  await solveMatches(page, cli[1]);
  // the cages of another killer drawn on the board: givens chosen for them, rated as asked
  await paste(page, KILLER_ISS.replace('.Diagonal~1.Diagonal~-1', ''));
  await page.evaluate(() => { document.getElementById('gen-box').open = true; });
  await page.selectOption('#gen-set', '');
  await page.selectOption('#gen-difficulty', 'medium');
  await page.fill('#gen-seed', '4');
  await page.click('#generate');
  await waitStatus(page, /^Generated: \d+ givens for the 13 constraints on the board \(one solution under them\), symmetry \w+, medium \(\d\.\d\) on doku's own scale, seed 4\./);
});

test('hint, explain and grade on a variant puzzle: cage steps in words, the rating on doku\'s own scale', async (page) => {
  await paste(page, THERMO_ISS);
  await page.click('#hint');
  await waitStatus(page, /thermometer|r\d+c\d+/);
  assert(!(await statusText(page)).includes('does not take'), 'a hint, not a refusal: ' + await statusText(page));
  await paste(page, KILLER_ISS);
  await page.click('#explain');
  await waitStatus(page, /step/);
  assert(/^cage r1c1,r2c1 \(sum 14\)/.test(await page.locator('#step-list li').first().textContent()), 'the first step names the cage');
  await paste(page, THERMO_ISS);
  await page.click('#grade');
  await waitStatus(page, /doku's own scale/);
});

test('a file of variant puzzles: chosen from its list, printed as a booklet with their constraints', async (page) => {
  const killer = KILLER_ISS.replace('.Diagonal~1.Diagonal~-1', '');
  await pick(page, fixture('two-variants.txt', `${killer}\n${THERMO_ISS}\n`));
  await waitStatus(page, /2 puzzles/);
  assert(/cage/.test(await page.locator('#open-list button').first().textContent()), 'the list names the kinds');
  await page.locator('#open-list button').nth(1).click();
  assert((await drawn(page, 'thermo-bulb')) === 4, 'the second puzzle: its thermometers');
  const got = await download(page, () => page.click('#open-print'));
  assert(readFileSync(got.path).subarray(0, 5).toString() === '%PDF-', 'a PDF booklet');
  const words = spawnSync('pdftotext', [got.path, '-']).stdout.toString().split(/\s+/);
  assert(words.includes('17'), 'the killer\'s cage sums are drawn in the booklet');
});

test('accessibility with constraints drawn and the pen (axe-core)', async (page) => {
  await paste(page, EVERY_KIND);
  await page.evaluate(() => { document.getElementById('cons-box').open = true; });
  await page.selectOption('#draw-kind', 'cage');
  await page.addScriptTag({ content: axeSource });
  const res = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
  for (const v of res.violations) console.log(`  axe ${v.impact}: ${v.id} (${v.nodes.length}): ${v.help}`);
  const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(bad.length === 0, 'serious or critical violations: ' + bad.map((v) => v.id).join(', '));
}, { axe: true });

/* ---- run ---------------------------------------------------------------- */
let failed = 0;
// DOKU_WEB_ONLY=REGEX runs only the tests whose names match (while working on one)
const only = process.env.DOKU_WEB_ONLY ? new RegExp(process.env.DOKU_WEB_ONLY) : null;
const chosen = tests.filter((k) => !only || only.test(k.name));
for (const t of chosen) {
  let page;
  const t0 = Date.now();
  try {
    page = await newPage(t.opts);
    await t.fn(page);
    if (page.problems.length) throw new Error(page.problems.join('\n'));
    console.log(`ok   ${t.name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${t.name}: ${e.message}`);
    if (page) await page.screenshot({ path: `${shots}/FAIL-${t.name.replace(/\W+/g, '-')}.png` }).catch(() => {});
  } finally {
    if (page) await page.context().close();
  }
}
await browser.close();
server.kill('SIGTERM');
console.log(`${chosen.length - failed} of ${chosen.length} browser tests passed; screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
