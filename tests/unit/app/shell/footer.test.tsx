// @vitest-environment jsdom
// Footer (docs/pages.md, "Shared shell"): logo, every column and link from
// config, the imprint line with 'All Rights Reserved' and the two mailto links.
import { describe, expect, it } from 'vitest';
import { Footer } from '../../../../src/app/shell/Footer.tsx';
import { serverHtml, site } from '../../../helpers/app-harness.tsx';

describe('footer', () => {
  it('renders the columns, links, imprint and contacts from config', () => {
    document.body.innerHTML = serverHtml(<Footer />, '/', {}).html;
    const col = (name: string) => [...document.querySelectorAll(`nav[aria-label="${name}"] a`)].map((a) => [a.textContent || a.getAttribute('aria-label'), a.getAttribute('href')]);
    expect(col('About')).toEqual([['About Us', '/about'], ['Contact Us', '/contact-us'], ['Sitemap', '/sitemap']]);
    expect(col('Policies')).toEqual([['Privacy Policy', '/privacy-policy'], ['Do Not Sell My Information', '/opt-out-form']]);
    expect(col('Follow us').map(([, h]) => h)).toEqual(site.footer.social.map((s) => s.href));
    expect(col('Other Publications')).toEqual(site.footer.publications.map((p) => [p.label, p.href]));
    for (const a of document.querySelectorAll('nav[aria-label="Other Publications"] a, nav[aria-label="Follow us"] a')) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    const logo = document.querySelector('.footer-brand img')!;
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['150', '60']);
    expect(document.querySelector('.footer-bottom')!.textContent).toContain(`${site.footer.imprint} All Rights Reserved`);
    const mails = [...document.querySelectorAll('a[href^="mailto:"]')].map((a) => a.getAttribute('href'));
    expect(mails).toEqual([`mailto:${site.contact.mediaEmail}`, `mailto:${site.contact.salesEmail}`]);
    expect(document.querySelector('.btn-subscribe')!.textContent).toBe('Subscribe');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
