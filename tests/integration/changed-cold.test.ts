// Change-driven builds equal full builds after each of a seeded sequence of random edits of every
// kind (tests/helpers/changed-property.ts), seed 23, with every build a fresh `pressroom build`
// process (the first, whole one too): what a cron job or a CI job runs, which starts from
// nothing but what the build before it left on disk under .pressroom/.
// 16 steps here; PRESSROOM_CHANGED_STEPS=40 runs forty (8.7 and 12 minutes at load average 6-10,
// where 16 take about 4: every step is a process start and a full twin build).
import { changedProperty } from '../helpers/changed-property.ts';

changedProperty([23], { process: 'fresh', steps: Number(process.env.PRESSROOM_CHANGED_STEPS ?? 16) });
