// The publish session: what one build leaves for the next build of the same process, in one typed
// object its owner (pressroom watch, a test, a benchmark) passes as `options.session`. Each stage gets
// only its own part, so what a stage remembers is named here alone. A one-off build passes none; the
// output is the same bytes either way. Two sessions share nothing, so two watchers can run side by side.
import type { Dispatcher } from 'undici';
import { newCrawlKept, type CrawlKept } from '../crawl/kept.ts';
import { newDeployKept, type DeployKept } from '../deploy/kept.ts';
import { newEmitKept, type EmitKept } from '../emit/kept.ts';
import { newIncrementalKept, type IncrementalKept } from '../incremental/kept.ts';
import { newPlanKept, type PlanKept } from '../plan/kept.ts';
import type { KeptRelease } from '../publish/releases.ts';
import { newRenderKept, type RenderKept } from '../render/kept.ts';
import { newSiteKept, type SiteKept } from '../site/kept.ts';
import { newPublishedKept, type PublishedKept } from '../snapshot/published-view.ts';
import type { Previous } from './snapshot.ts';

export class PublishSession {
  /** The snapshot the last successful build saved, not read back; a stale one is checked, so safe. */
  previous?: Previous;
  /** The release the last build recorded, used only while out/ still holds it. */
  release?: KeptRelease;
  /** Connections to the content API kept open between builds (src/crawl/http.ts apiAgent); the owner closes them. */
  readonly agent?: Dispatcher;

  readonly crawl: CrawlKept = newCrawlKept();
  readonly site: SiteKept = newSiteKept();
  /** The snapshot as published, its quarantined records left out (src/snapshot/published-view.ts). */
  readonly published: PublishedKept = newPublishedKept();
  readonly plan: PlanKept = newPlanKept();
  readonly incremental: IncrementalKept = newIncrementalKept();
  readonly render: RenderKept = newRenderKept();
  readonly emit: EmitKept = newEmitKept();
  /** The chain of this session's publishes with their changes: a watcher's deploys take the change list from it. */
  readonly deploy: DeployKept = newDeployKept();

  constructor(init: { previous?: Previous; agent?: Dispatcher } = {}) {
    this.previous = init.previous;
    this.agent = init.agent;
  }
}
