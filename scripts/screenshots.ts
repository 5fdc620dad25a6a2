// Screenshots of the playground for the README: light, dark and a 360 px wide phone, and local mode's switch
// (contract §11) at the top of the page at 1280 and 360 px.
// `make screenshots` builds first, then this starts the built service on a spare port,
// drives Debian's Chromium and writes docs/screenshots/*.png.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { launchChromium } from '../test/support/chromium.js';

const PORT = process.env.SCREENSHOT_PORT ?? '3987';
const origin = `http://127.0.0.1:${PORT}`;
// The documents' own examples, the README's first, so that the pictures show what a reader can paste.
const examples = ['README.md', 'docs/api.md'].map((document) => readFileSync(document, 'utf8')).join('\n');
const tokens = [...examples.matchAll(/decode\?token=(eyJ[\w.-]+)'/g)].map((match) => match[1]!);
const token = tokens[0];
if (token === undefined) throw new Error('the README and docs/api.md have no /jwt/decode example to show');
// On a phone, the claims of docs/api.md's Entra ID access token: a table that must fit, long values wrapped.
const issuerOf = (jwt: string): unknown => {
  try {
    return (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { iss?: unknown }).iss;
  } catch {
    return undefined; // a JWE's second segment is its encrypted key
  }
};
const entra = tokens.find((jwt) => String(issuerOf(jwt)).startsWith('https://sts.windows.net/'));
if (entra === undefined) throw new Error('docs/api.md has no Entra ID token to show');

const server = spawn(process.execPath, ['dist/main.js'], {
  env: { ...process.env, PORT, HOST: '127.0.0.1', METRICS_PORT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_STORE: 'memory' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      if (attempt > 50) throw new Error(`the service did not start on port ${PORT}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const browser = await launchChromium();
  const shots = [
    { file: 'playground-light.png', width: 1100, height: 1000, dark: false, value: token, answered: /Decoded a token/ },
    { file: 'playground-dark.png', width: 1100, height: 1000, dark: true, value: '1700000000', answered: /Best guess/ },
    {
      file: 'playground-360.png',
      width: 360,
      height: 800,
      dark: false,
      value: entra,
      answered: /Decoded a token/,
      from: 'section[aria-label="Payload"]',
    },
    { file: 'playground-local-1280.png', width: 1280, height: 900, dark: false, value: token, answered: /Decoded a token/ },
    { file: 'playground-local-360.png', width: 360, height: 800, dark: false, value: '1700000000', answered: /Best guess/ },
  ];
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.height },
      colorScheme: shot.dark ? 'dark' : 'light',
      timezoneId: 'Europe/Berlin',
      locale: 'en-GB',
    });
    await page.goto(`${origin}/`);
    await page.getByLabel(/token, key or timestamp/i).fill(shot.value);
    await page.getByRole('status').filter({ hasText: shot.answered }).waitFor({ timeout: 15_000 });
    await page.locator('textarea').first().blur();
    if (shot.from !== undefined) await page.locator(shot.from).evaluate((element) => element.scrollIntoView());
    await page.screenshot({ path: `docs/screenshots/${shot.file}` });
    console.log(`docs/screenshots/${shot.file}`);
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
