// @vitest-environment jsdom
// The page data's one serialise/read pair (src/page-data/page-data.ts): what the
// server embeds is exactly jsonForScript of the page data, and the browser
// reads back the same object; a hostile path cannot close the element.
import { describe, expect, it } from 'vitest';
import { DATA_ELEMENT_ID, pageDataElement, readPageData, type PageData } from '../../../src/page-data/page-data.ts';
import { jsonForScript } from '../../../src/encoding/json.ts';
import { site } from '../../helpers/app-harness.tsx';

function embedded(data: PageData, element: string): PageData | null {
  document.body.innerHTML = `<div id="root"></div>${element}`;
  expect(document.getElementById(DATA_ELEMENT_ID)?.getAttribute('type')).toBe('application/json');
  return readPageData(document);
}

describe('page data', () => {
  it('embeds jsonForScript of the page data and reads the same object back', () => {
    const data: PageData = {
      kind: 'about',
      path: '/about</script><script>alert(1)</script>',
      shell: null,
      config: site,
      copy: { about: { intro: ['We write\u2028about code.'] } } as unknown as PageData['copy'],
      state: { mutations: [], queries: [] },
    };
    const element = pageDataElement({ kind: data.kind, path: data.path, shell: null, configJson: jsonForScript(site), copyJson: jsonForScript(data.copy), stateJson: jsonForScript(data.state) });
    expect(element).toBe(`<script id="${DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(embedded(data, element)).toEqual(data);
  });

  it('leaves out a copy and a state the page does not have (a document hydrated as islands has no state)', () => {
    const data: PageData = { kind: 'article', path: '/news/a', shell: null, config: site };
    const element = pageDataElement({ kind: 'article', path: '/news/a', shell: null, configJson: jsonForScript(site), copyJson: null, stateJson: null });
    expect(element).toBe(`<script id="${DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`);
    expect(embedded(data, element)).toEqual(data);
  });
});
