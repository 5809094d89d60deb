// The peer side of the browser bench's screenshot and wait rows: Playwright (playwright-core,
// the engine of the most used browser MCP server) on the same page and the same Chromium.
// Prints one JSON object: viewport and full-page JPEG screenshot times (median of 3) and
// sizes, and how long waitForSelector('text=...') takes beyond the delay after which the page
// adds that text (median of 5). Written for this project.
import { chromium } from "playwright-core";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith("--") ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const delay = Number(args.delay || 300);
const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const page = await browser.newPage();
await page.goto(args.url);
const shots = async (fullPage) => {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const image = await page.screenshot({ type: "jpeg", quality: 80, fullPage });
    times.push(performance.now() - started);
    bytes = image.length;
  }
  return [median(times), bytes / 1024];
};
const [viewportMs, viewportKb] = await shots(false);
const [fullMs, fullKb] = await shots(true);
const reactions = [];
for (let i = 0; i < 5; i++) {
  const marker = `pw-ready-${i}`;
  await page.evaluate(([m, d]) => setTimeout(() => {
    const p = document.createElement("p"); p.textContent = m; document.body.appendChild(p);
  }, d), [marker, delay]);
  const started = performance.now();
  await page.waitForSelector(`text=${marker}`, { timeout: 10000 });
  reactions.push(performance.now() - started - delay);
}
await browser.close();
console.log(JSON.stringify({
  viewport_ms: viewportMs, viewport_kb: viewportKb, full_ms: fullMs, full_kb: fullKb,
  wait_reaction_ms: median(reactions),
}));
