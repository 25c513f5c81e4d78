import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3998';
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of paths) {
    const logs = [], apis = [];
    page.removeAllListeners('console'); page.removeAllListeners('request'); page.removeAllListeners('pageerror');
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message.slice(0, 4000)}`));
    page.on('request', (r) => { if (r.url().includes('/api/')) apis.push(r.url().replace(base, '')); });
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    console.log(`== ${width} ${p}\n  api: ${apis.join(' ')}\n  ${logs.join('\n  ')}`);
    await page.screenshot({ path: `/tmp/shots/${width}-${p.replace(/[^a-z0-9]/gi, '_')}.png`, fullPage: false });
  }
  await page.close();
}
await browser.close();
