// @vitest-environment jsdom
// A site configured with only its name and URL: the pages leave out what is
// not configured (team grid, offices, contact lines, the site map's side box,
// footer columns) instead of printing empty or invented content.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { AppProviders } from '../../../../../src/app/AppProviders.tsx';
import { createQueryClient, seedQueries } from '../../../../../src/app/data/api.ts';
import AboutPage from '../../../../../src/app/pages/about/index.tsx';
import ContactPage from '../../../../../src/app/pages/contact/index.tsx';
import OptOutFormPage from '../../../../../src/app/pages/opt-out-form/index.tsx';
import PrivacyPolicyPage from '../../../../../src/app/pages/privacy-policy/index.tsx';
import SitemapPage from '../../../../../src/app/pages/sitemap-page/index.tsx';
import { Footer } from '../../../../../src/app/shell/Footer.tsx';
import { publicConfig, validateConfig } from '../../../../../src/config/load.ts';
import { allPageCopy } from '../../../../../src/config/page-copy.ts';

const config = validateConfig({ site: { name: 'Harbour Tech', url: 'https://harbour.example' } });
const site = publicConfig(config);

function render(Page: ComponentType, url: string): Document {
  const client = createQueryClient();
  seedQueries(client, [[ep.ads(), { status: 200, body: [] }], [ep.subcatList(), { status: 200, body: [] }]]);
  const html = renderToString(
    <AppProviders client={client} config={site} copy={allPageCopy(config)}>
      <StaticRouter location={url}>
        <Page />
      </StaticRouter>
    </AppProviders>,
  );
  document.body.innerHTML = html;
  expect(html).not.toMatch(/undefined|null|mailto:"|tel:"/);
  return document;
}

describe('pages with only the required configuration', () => {
  it('about: the intro and no team grid', () => {
    const d = render(AboutPage, '/about');
    expect(d.querySelector('h1')!.textContent).toBe('About Harbour Tech');
    expect(d.querySelector('.team')).toBeNull();
  });

  it('contact: the form, no offices and no contact lines', () => {
    const d = render(ContactPage, '/contact-us');
    expect(d.querySelector('.contact-offices')).toBeNull();
    expect(d.querySelector('.contact-channels')).toBeNull();
    expect(d.querySelector('form')).not.toBeNull();
    expect(d.body.textContent).toContain('I agree that Harbour Tech may store');
  });

  it('opt-out and privacy: no helpline, no "Last updated" line', () => {
    expect(render(OptOutFormPage, '/opt-out-form').body.textContent).not.toContain('CCPA helpline');
    const d = render(PrivacyPolicyPage, '/privacy-policy');
    expect(d.querySelector('h1')!.textContent).toBe('Privacy Policy');
    expect(d.querySelector('.legal-updated')).toBeNull();
  });

  it('site map: no side box; footer: no social, publications or contact line', () => {
    expect(render(SitemapPage, '/sitemap').querySelector('.sitemap-box')).toBeNull();
    const d = render(Footer, '/');
    expect(d.querySelector('nav[aria-label="Follow us"]')).toBeNull();
    expect(d.querySelector('nav[aria-label="Other Publications"]')).toBeNull();
    expect(d.querySelector('.footer-contacts')).toBeNull();
    expect(d.querySelector('.footer-bottom')!.textContent).toContain('© Harbour Tech All Rights Reserved');
  });
});
