const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
for (const url of process.argv.slice(2)) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: flags });
    try {
      const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const a = r!.lhr.audits;
      runs.push(`${Math.round(r!.lhr.categories.performance.score! * 100)} FCP ${Math.round(a['first-contentful-paint'].numericValue!)} LCP ${Math.round(a['largest-contentful-paint'].numericValue!)} TBT ${Math.round(a['total-blocking-time'].numericValue!)} SI ${Math.round(a['speed-index'].numericValue!)} lcpEl ${JSON.stringify((a['largest-contentful-paint-element'] as any)?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '').slice(0, 120)}`);
    } finally { await chrome.kill(); }
  }
  console.log(url, '\n  ' + runs.join('\n  '));
}
