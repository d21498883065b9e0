// The change-driven builds of the property (./changed-property.ts) at its two temperatures:
//   warm   in this process, one PublishSession for every build, as pressroom watch runs them
//          (src/watch/index.ts): what a build keeps in memory is what the next starts from;
//   fresh  every build a new `pressroom build` process, as a cron job, a CI job or the first
//          publish after a restart runs it: only what is on disk under .pressroom/ travels
//          from one build to the next.
// Both start with a first build of the whole site, then return the call that publishes a change.
import { readFile, rm } from 'node:fs/promises';
import { expect } from 'vitest';
import { parseRef } from '../../src/webhook/refs.ts';
import { build, rehearse, snapshotDirFor, type BuildOptions, type BuildReport } from '../../src/pipeline/index.ts';
import { loadPrevious } from '../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { outPaths } from '../../src/publish/paths.ts';
import { spawnCli } from './pressroom.ts';

/** Where the change-driven builds run: this process with a session (default), or a new process a build. */
export type BuildProcess = 'warm' | 'fresh';

/** What both temperatures build with, so the two differ only in where they run. */
export interface ChangeBuildSetup {
  api: string;
  out: string;
  now: string;
  configFile: string;
}

/** Publishes the change the REFs name and returns the build's report. */
export type PublishChange = (refs: readonly string[]) => Promise<BuildReport>;

/** Builds the whole site into `out`, then returns the call that publishes each change after it. */
export function startChangeBuilds(where: BuildProcess, setup: ChangeBuildSetup): Promise<PublishChange> {
  return where === 'fresh' ? startFresh(setup) : startWarm(setup);
}

async function startWarm({ api, out, now, configFile }: ChangeBuildSetup): Promise<PublishChange> {
  const base: BuildOptions = { api, now, configFile, env: {}, handleSignals: false, workers: 0, out };
  await build(base);
  // One session for every change-driven build (src/watch/index.ts), started from the saved snapshot and a rehearsal.
  const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
  await rehearse({ ...base, session });
  return (refs) => build({ ...base, session, changed: refs.map(parseRef) });
}

async function startFresh({ api, out, now, configFile }: ChangeBuildSetup): Promise<PublishChange> {
  const args = ['build', '--config', configFile, '--api', api, '--out', out, '--now', now, '--workers', '0', '--quiet'];
  await pressroom(args);
  // The report the build wrote (src/publish/report.ts), removed first so that a build that
  // did not write one cannot pass with the one before it.
  const reportFile = outPaths(out).report;
  return async (refs) => {
    await rm(reportFile, { force: true });
    await pressroom([...args, ...refs.flatMap((ref) => ['--changed', ref])]);
    return JSON.parse(await readFile(reportFile, 'utf8')) as BuildReport;
  };
}

/**
 * Runs `pressroom ARGS` to its end and expects exit 0, with its stderr in the message otherwise.
 * The configuration the environment could override (PRESSROOM_API, PRESSROOM_SITE_URL, ...) is
 * unset, as the in-process builds' `env: {}` leaves it, so both temperatures build the same site.
 */
async function pressroom(args: string[]): Promise<void> {
  const unset = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('PRESSROOM_')).map((k) => [k, undefined]));
  const run = spawnCli(args, unset);
  const { code, signal } = await run.exit;
  expect(code, `pressroom ${args.join(' ')} ended with ${signal ?? `exit ${code}`}:\n${run.stderr()}`).toBe(0);
}
