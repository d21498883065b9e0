// Fault injection for tests, deterministic: a share is drawn from a seeded stream per rule, and
// `first=N` limits a rule to the first N matching requests. The first live matching rule decides.
// Syntax (--faults): rules separated by ';', options by ',':
//   latency=200,error=0.1,path=/api/post/*
//   reset=1,first=2,path=/api/post/topic/*;status=429,retry=3,first=1
// Keys: path (glob), latency (ms), error (share 5xx), status (default 503), ratelimit (share 429),
// retry (Retry-After s, default 1), reset, truncate, html (an HTML error page with 200), drip (ms
// between chunks), first (N), seed.

import { mulberry32, type Rng } from './prng.ts';

export interface FaultRule {
  path?: string;
  latencyMs?: number;
  error?: number;
  errorStatus?: number;
  rateLimit?: number;
  retryAfter?: number;
  reset?: number;
  truncate?: number;
  html?: number;
  dripMs?: number;
  first?: number;
  seed?: number;
}

export type FaultAction = 'error' | 'ratelimit' | 'reset' | 'truncate' | 'html';

export interface FaultDecision {
  latencyMs: number;
  dripMs: number;
  action: FaultAction | null;
  rule: FaultRule;
}

interface LiveRule { rule: FaultRule; re: RegExp; seen: number; rng: Rng }

const KEYS: Record<string, keyof FaultRule> = {
  path: 'path', latency: 'latencyMs', error: 'error', status: 'errorStatus', ratelimit: 'rateLimit', '429': 'rateLimit',
  retry: 'retryAfter', reset: 'reset', truncate: 'truncate', html: 'html', drip: 'dripMs', first: 'first', seed: 'seed',
};

export function parseFaults(spec: string): FaultRule[] {
  return spec
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((ruleText) => {
      const rule: FaultRule = {};
      for (const part of ruleText.split(',')) {
        const eq = part.indexOf('=');
        const key = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
        const value = eq === -1 ? '1' : part.slice(eq + 1).trim();
        const field = KEYS[key];
        if (!field) throw new Error(`--faults: unknown key "${key}" (known: ${Object.keys(KEYS).join(', ')})`);
        if (field === 'path') rule.path = value;
        else {
          const n = Number(value);
          if (!Number.isFinite(n) || n < 0) throw new Error(`--faults: ${key} must be a non-negative number, got "${value}"`);
          (rule as Record<string, number>)[field] = n;
        }
      }
      return rule;
    });
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

export class Faults {
  private rules: LiveRule[] = [];

  constructor(rules: FaultRule[] | string | null | undefined) {
    this.set(rules);
  }

  /** Replace all rules (and reset their counters) at run time, e.g. to start an outage mid-crawl. */
  set(rules: FaultRule[] | string | null | undefined): void {
    const list = typeof rules === 'string' ? parseFaults(rules) : (rules ?? []);
    this.rules = list.map((rule) => ({ rule, re: globToRegExp(rule.path ?? '*'), seen: 0, rng: mulberry32(rule.seed ?? 1) }));
  }

  get active(): boolean {
    return this.rules.length > 0;
  }

  /** The first matching, not exhausted rule decides; null when no rule applies to this request. */
  decide(path: string): FaultDecision | null {
    for (const live of this.rules) {
      if (!live.re.test(path)) continue;
      live.seen++;
      const { rule } = live;
      if (rule.first !== undefined && live.seen > rule.first) continue; // exhausted: later rules may apply
      // One draw per request; shares are stacked so their sum is the total fault share.
      const roll = live.rng();
      let acc = 0;
      let action: FaultAction | null = null;
      for (const [a, share] of [['error', rule.error], ['ratelimit', rule.rateLimit], ['reset', rule.reset], ['truncate', rule.truncate], ['html', rule.html]] as const) {
        acc += share ?? 0;
        if (share && roll < acc) {
          action = a;
          break;
        }
      }
      return { latencyMs: rule.latencyMs ?? 0, dripMs: rule.dripMs ?? 0, action, rule };
    }
    return null;
  }
}
