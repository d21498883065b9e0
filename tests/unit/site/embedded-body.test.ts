// The article body travels once: render empties it in the embedded data,
// the client takes it back from the markup before hydrating.
import { describe, expect, it } from 'vitest';
import { ARTICLE_BODY_SELECTOR, BODY_IN_MARKUP, omitBody, restoreBody } from '../../../src/site/embedded-body.ts';
import { rebaseHtml } from '../../../src/site/paths.ts';

const BODY = '<h2 id="toc-a">A</h2><p>Hello &amp; welcome</p>';
const answer = (post_content: string) => ({ status: 201, body: { success: true, result: [{ id: 7, post_title: 'T', post_content, toc: [] }] } });
const doc = (html: string | null) => ({ querySelector: (sel: string) => (sel === ARTICLE_BODY_SELECTOR && html !== null ? ({ innerHTML: html } as Element) : null) });

describe('the article body in the embedded data', () => {
  it('is left out of a post-details answer and marked; the input is not modified', () => {
    const data = answer(BODY);
    const out = omitBody('/api/post/postdetails/news/t', data) as ReturnType<typeof answer>;
    expect(out.body.result[0]).toEqual({ id: 7, post_title: 'T', post_content: '', toc: [], [BODY_IN_MARKUP]: true });
    expect(data.body.result[0].post_content).toBe(BODY);
  });

  it('stays in every other answer, and in a post whose body is empty', () => {
    const data = answer(BODY);
    expect(omitBody('/api/post/preview-post/news/t', data)).toBe(data);
    expect(omitBody('/api/post/latest', data)).toBe(data);
    const empty = answer('');
    expect(omitBody('/api/post/postdetails/news/t', empty)).toBe(empty);
  });

  it('comes back from the markup before hydration, and the mark goes', () => {
    const queries = [{ state: { data: omitBody('/api/post/postdetails/news/t', answer(BODY)) } }, { state: { data: { status: 200, body: [1] } } }];
    restoreBody(queries, doc(BODY));
    expect(queries[0].state.data).toEqual(answer(BODY));
    expect(queries[1].state.data).toEqual({ status: 200, body: [1] });
  });

  it('is empty, not undefined, when the page has no body element', () => {
    const queries = [{ state: { data: omitBody('/api/post/postdetails/news/t', answer(BODY)) } }];
    restoreBody(queries, doc(null));
    expect((queries[0].state.data as ReturnType<typeof answer>).body.result[0].post_content).toBe('');
  });

  it('comes back as the snapshot has it under a base path: the markup shows it prefixed, the data does not', () => {
    const original = '<p><a href="/news/x">x</a> <img src="/uploads/a.jpg" alt=""> <a href="https://e.example/">e</a> <a href="/project-notes">n</a></p>';
    const shown = rebaseHtml('/project', original);
    expect(shown).toContain('href="/project/news/x"');
    const queries = [{ state: { data: omitBody('/api/post/postdetails/news/t', answer(original)) } }];
    restoreBody(queries, doc(shown), '/project');
    expect((queries[0].state.data as ReturnType<typeof answer>).body.result[0].post_content).toBe(original);
  });
});
