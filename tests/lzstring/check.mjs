// check.mjs LZ_TOOL — doku's lz-string codec against npm's lz-string:
// random strings (ASCII, Latin-1, other BMP characters, emoji as
// surrogate pairs, long repetitive runs) compressed by both must give
// the same base64, and each side must decompress the other's; then the
// published f-puzzles links in ../cli/fixtures/links/published.txt.
import { createRequire } from 'module';
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';

const require = createRequire(join(process.cwd(), 'package.json'));
const LZ = require('lz-string');
const tool = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));

let seed = 20261125;
function rand(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
const alphabets = [
  'abc', '0123456789.', '{"size":9,"grid":[[{}]]}', 'é€ü日本語',
  String.fromCodePoint(0x1F600, 0x1F4A1), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];
const samples = [''.padEnd(1, 'x'), 'hello', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'];
for (let i = 0; i < 400; i++) {
  const alpha = [...alphabets[rand(alphabets.length)] + alphabets[rand(alphabets.length)]];
  let s = '';
  const len = 1 + rand(i < 300 ? 60 : 3000);
  for (let k = 0; k < len; k++) s += alpha[rand(alpha.length)];
  samples.push(s);
}
const hex = (s) => Buffer.from(s, 'utf8').toString('hex');
const run = (mode, lines) =>
  execFileSync(tool, [mode], { input: lines.join('\n') + '\n', maxBuffer: 1 << 28 })
    .toString().split('\n').slice(0, lines.length);

let bad = 0;
const ours = run('c', samples.map(hex));
samples.forEach((s, i) => {
  const theirs = LZ.compressToBase64(s);
  if (ours[i] !== theirs) {
    if (bad++ < 5) console.log(`compress differs for sample ${i} (${s.length} units)`);
  } else if (LZ.decompressFromBase64(ours[i]) !== s) {
    if (bad++ < 5) console.log(`npm cannot read doku's sample ${i}`);
  }
});
const back = run('d', samples.map((s) => LZ.compressToBase64(s)));
samples.forEach((s, i) => {
  if (back[i] !== hex(s) && bad++ < 5) console.log(`decompress differs for sample ${i}`);
});
// published links: both decoders agree
const links = readFileSync(join(here, '../cli/fixtures/links/published.txt'), 'utf8')
  .split('\n').filter((l) => /load=|fpuzzles/.test(l) && !l.startsWith('#'));
const payloads = links.map((l) => decodeURIComponent(l.split(/load=|fpuzzles/)[1].split(/\s/)[0]));
const dec = run('d', payloads);
payloads.forEach((p, i) => {
  if (dec[i] !== hex(LZ.decompressFromBase64(p)) && bad++ < 5) console.log(`published link ${i + 1} decodes differently`);
});
console.log(`lz-string: ${samples.length} random strings both ways, ${payloads.length} published links: ${bad ? bad + ' FAILED' : 'all equal to npm lz-string'}`);
process.exit(bad ? 1 : 0);
