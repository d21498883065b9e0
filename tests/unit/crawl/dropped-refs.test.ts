// src/crawl/dropped-refs.ts: which failures of a path a REF names drop the REF (the API refuses the
// path, or no endpoint answers it) and which fail the build (the API failing: 5xx, 429, network).
import { describe, expect, it } from 'vitest';
import { pressroomError } from '../../../src/errors/errors.ts';
import { fetchNamed } from '../../../src/crawl/dropped-refs.ts';

const status = (path: string, s: number) => pressroomError('PR_API_STATUS', { endpoint: `GET ${path}`, status: s });

describe('fetchNamed', () => {
  it('drops every REF naming a path the API refuses with a 4xx, or that no endpoint answers (not fetched), sorted; fetches the rest', async () => {
    const asked: string[] = [];
    const namedBy = new Map([
      ['/api/author/9', ['/api/author/9', '/author/ghost']],
      ['/api/nothing/here', ['/api/nothing/here']],
      ['/api/advertisement/get_active', ['ads']],
    ]);
    const r = await fetchNamed(namedBy.keys(), namedBy, async (path) => {
      asked.push(path);
      if (path === '/api/author/9') throw status(path, 410);
    });
    expect(asked.sort()).toEqual(['/api/advertisement/get_active', '/api/author/9']);
    expect(r.refused).toEqual(new Set(['/api/author/9', '/api/nothing/here']));
    expect(r.dropped).toEqual([
      { ref: '/api/author/9', endpoint: 'GET /api/author/9', reason: 'the API answered 410' },
      { ref: '/api/nothing/here', endpoint: 'GET /api/nothing/here', reason: 'no endpoint of the API contract (docs/api-contract.md) answers this path' },
      { ref: '/author/ghost', endpoint: 'GET /api/author/9', reason: 'the API answered 410' },
    ]);
  });

  it.each([503, 429])('fails on %i: the API failing is retried with every REF, not dropped', async (s) => {
    const namedBy = new Map([['/api/author/9', ['/api/author/9']]]);
    await expect(fetchNamed(namedBy.keys(), namedBy, async (path) => Promise.reject(status(path, s)))).rejects.toMatchObject({ code: 'PR_API_STATUS' });
  });

  it('fails on any other error (a network failure, a wrong shape)', async () => {
    const namedBy = new Map([['/api/author/9', ['/api/author/9']]]);
    const down = pressroomError('PR_API_UNREACHABLE', { endpoint: 'GET /api/author/9', detail: 'ECONNREFUSED', from: '--api' });
    await expect(fetchNamed(namedBy.keys(), namedBy, async () => Promise.reject(down))).rejects.toBe(down);
  });
});
